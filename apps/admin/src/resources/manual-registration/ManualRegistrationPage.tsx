import { useEffect, useRef, useState } from 'react';
import type {
  AdminRegistration,
  ManualRegistrationConfirmation,
  ManualRegistrationResponse,
  WaitingEntry,
} from '@evreg/contracts';
import EventIcon from '@mui/icons-material/Event';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Form, useGetList } from 'react-admin';
import { EventsGate } from '../../common/EventsGate';
import { useFormField } from '../../common/formField';
import { useCommand } from '../../common/useCommand';
import { LIVE_QUERY, usePickableEvents } from '../../common/usePickableEvents';
import { useActions } from '../../common/useActions';
import { WHOLE } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import { CapacityTiles } from './CapacityTiles';
import {
  EMPTY_PERSON,
  failureText,
  idFromQuery,
  manualFormData,
  needsConfirmation,
  successText,
  validateManual,
  MANUAL_MESSAGES,
  type ManualField,
  type ManualForm,
} from './rules';
import { SessionPicker } from './SessionPicker';

const NO_PERMISSION = (what: string, permission: string) => `Para ver ${what} necesitas el permiso ${permission}.`;

/** Registro Manual (docs/product.md §2, 4, 5, 8): staff register a person on a reserved spot of a session; when the
 * reserved spots are used up the server asks for confirmation and the person can go to the waiting list. */
export default function ManualRegistrationPage() {
  const command = useCommand();
  const queryClient = useQueryClient();
  // The tiles follow changes made elsewhere (another staff member, the public page): read again on focus and
  // every few seconds.
  const pickable = usePickableEvents({ live: true });
  const { events } = pickable;
  const { permissions } = useActions('registrations');
  const canReadRegistrations = permissions.includes('Registrations.Read');
  const canReadWaitingList = permissions.includes('Queues.Read');

  // The chosen event and session live in the address (?event=&session=): a reload, or a link, keeps them.
  const [query, setQuery] = useSearchParams();
  const eventId = idFromQuery(query.get('event'));
  const sessionId = eventId === null ? null : idFromQuery(query.get('session'));
  const choose = (event: number | null, session: number | null) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, id] of [
          ['event', event],
          ['session', session],
        ] as const)
          if (id === null) next.delete(key);
          else next.set(key, String(id));
        return next;
      },
      { replace: true },
    );
  // The person's form (react-admin Form): a new round empties it after a registration, keeping the consent.
  const [round, setRound] = useState({ key: 0, values: { ...EMPTY_PERSON, gdprConsent: false } as ManualForm });
  // 'Crear Registro Manual' was pressed: the session's rule shows (it lives outside the form, with the pickers).
  const [attempted, setAttempted] = useState(false);
  // Pressed 'Sí, añadir a la cola': the form's next submission goes to the waiting list.
  const forceQueue = useRef(false);
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<ManualRegistrationConfirmation | null>(null);
  const [waitingListWanted, setWaitingListWanted] = useState(false);

  const session = events.find((e) => e.id === eventId)?.sessions?.find((s) => s.id === sessionId) ?? null;
  // The session's registrations and waiting list: the resources filtered by session.
  const registrations = useGetList<AdminRegistration>(
    'registrations',
    { ...WHOLE, filter: { eventSessionId: sessionId } },
    { enabled: sessionId !== null && canReadRegistrations, ...LIVE_QUERY },
  );
  const queue = useGetList<WaitingEntry>(
    'waiting-list',
    { ...WHOLE, filter: { eventSessionId: sessionId } },
    { enabled: sessionId !== null && canReadWaitingList && waitingListWanted, ...LIVE_QUERY },
  );

  function clearMessages() {
    setSuccess(null);
    setFailure(null);
    setConfirmation(null);
  }

  /** Another event: every error goes (the session's rule, the server's answer, and the person's fields, by
   * ClearErrorsOn inside the form). */
  function chooseEvent(id: number | null) {
    choose(id, null);
    setAttempted(false);
    clearMessages();
  }

  function chooseSession(id: number | null) {
    choose(eventId, id);
    clearMessages();
  }

  const sessionError = attempted && session === null ? MANUAL_MESSAGES.session : undefined;

  /** The form's submission: its rules (validateManual, as the form's validate) passed. */
  async function register(values: Record<string, unknown>) {
    const form = asManualForm(values);
    const toQueue = forceQueue.current;
    forceQueue.current = false;
    if (session === null) return;
    setBusy(true);
    clearMessages();
    try {
      const data = { eventSessionId: session!.id, formData: manualFormData(form), forceQueue: toQueue };
      // A create of `registrations` whose answer may be the server's question (no record): through useCommand.
      // The tiles' counts (events), the session's registrations and waiting list are read again.
      const { data: created } = await command(
        (p) => p.create('registrations', { data }),
        ['events', 'registrations', 'waiting-list'],
      );
      const answer = created as ManualRegistrationResponse | ManualRegistrationConfirmation;
      if (needsConfirmation(answer)) {
        setConfirmation(answer);
        return;
      }
      setSuccess(successText(answer));
      // docs/product.md §4: the person's fields and the passport option clear; the consent stays.
      setRound(({ key }) => ({ key: key + 1, values: { ...EMPTY_PERSON, gdprConsent: form.gdprConsent } }));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <SettingsCard
        icon={<EventIcon color="primary" />}
        title="Evento y sesión"
        subheader="Elige dónde registrar a la persona"
      >
        <EventsGate events={pickable}>
          <SessionPicker
            events={events}
            eventId={eventId}
            sessionId={sessionId}
            sessionError={sessionError}
            onEvent={chooseEvent}
            onSession={chooseSession}
          />
        </EventsGate>
        {session && (
          <Box sx={{ mt: 1 }}>
            <CapacityTiles
              session={session}
              registrations={{
                data: registrations.data,
                problem: !canReadRegistrations
                  ? NO_PERMISSION('los registros', 'Registrations.Read')
                  : registrations.error
                    ? registrations.error.message
                    : null,
              }}
              queue={{
                data: queue.data,
                problem: !canReadWaitingList
                  ? NO_PERMISSION('la lista de espera', 'Queues.Read')
                  : queue.error
                    ? queue.error.message
                    : null,
              }}
              onOpenWaitingList={() => {
                setWaitingListWanted(true);
                void queryClient.invalidateQueries({ queryKey: ['waiting-list', 'getList'] });
              }}
            />
          </Box>
        )}
      </SettingsCard>

      <SettingsCard
        icon={<PersonAddIcon color="primary" />}
        title="Datos de la persona"
        subheader="Ocupa una plaza reservada de la sesión"
      >
        {/* The form landmark keeps its name ('Registro manual'); react-admin's Form draws the <form> inside. */}
        <Box role="form" aria-label="Registro manual">
          <Form
            key={round.key}
            record={round.values as unknown as Record<string, unknown>}
            onSubmit={register}
            validate={(values) => personErrors(asManualForm(values))}
            noValidate
          >
            <ClearErrorsOn change={eventId} />
            <PersonFields />
            {confirmation && (
              <Alert severity="warning" sx={{ my: 2 }} role="alert">
                <AlertTitle>Plazas reservadas completas</AlertTitle>
                {confirmation.message}
                <Box sx={{ mt: 0.5 }}>
                  Lista de espera: {confirmation.currentQueueCount}/{confirmation.maxQueueSpots}
                </Box>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={busy}
                    onClick={() => {
                      forceQueue.current = true;
                    }}
                  >
                    Sí, añadir a la cola
                  </Button>
                  <Button disabled={busy} onClick={() => setConfirmation(null)}>
                    Cancelar
                  </Button>
                </Stack>
              </Alert>
            )}
            {failure && (
              <Alert severity="error" role="alert" sx={{ my: 2 }}>
                {failure}
              </Alert>
            )}
            {success && (
              <Alert severity="success" role="status" sx={{ my: 2 }}>
                {success}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={busy || !!confirmation}
              startIcon={<PersonAddIcon />}
              onClick={() => setAttempted(true)}
              sx={{ mt: 1 }}
            >
              {busy ? 'Registrando...' : 'Crear Registro Manual'}
            </Button>
          </Form>
        </Box>
      </SettingsCard>
    </Box>
  );
}

/** Clears the form's errors when `change` changes (the event): what was typed stays, and each field's rule shows
 * again at its next change or submission. */
function ClearErrorsOn({ change }: { change: unknown }) {
  const { clearErrors } = useFormContext();
  useEffect(() => clearErrors(), [change, clearErrors]);
  return null;
}

/** The form's values as the rules read them. */
const asManualForm = (values: Record<string, unknown>) => values as unknown as ManualForm;

/** The rules of rules.ts for the person (the session is checked with the pickers), by field. */
function personErrors(form: ManualForm) {
  const { session: _session, ...errors } = validateManual(form, true);
  return errors;
}

/** A text field of the person, on the form (useFormField: its rule's message once the form was submitted, gone
 * as soon as the field is valid again). */
function PersonField({
  name,
  label,
  type = 'text',
  required = true,
}: {
  name: Exclude<ManualField, 'session' | 'bypassValidation' | 'gdprConsent'>;
  label: string;
  type?: string;
  required?: boolean;
}) {
  const field = useFormField<string>(name);
  return (
    <TextField
      label={label}
      value={field.value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      error={!!field.error}
      helperText={field.error}
      type={type}
      autoComplete="off"
      required={required}
      fullWidth
    />
  );
}

/** The person, the foreign-passport option (it changes what the document needs: the document is checked again)
 * and the consent. */
function PersonFields() {
  const taxId = useFormField<string>('userTaxId');
  const bypass = useFormField<boolean>('bypassValidation');
  const consent = useFormField<boolean>('gdprConsent');
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 2,
          alignItems: 'start',
          gridTemplateColumns: { sm: '1fr 1fr' },
        }}
      >
        <PersonField name="firstName" label="Nombre" />
        <PersonField name="lastName" label="Apellidos" />
        <PersonField name="email" label="Email" type="email" />
        <PersonField name="confirmEmail" label="Confirmar Email" type="email" />
        <PersonField name="userTaxId" label={bypass.value ? 'Pasaporte' : 'DNI/NIE'} />
        <PersonField name="telephoneNumber" label="Teléfono (opcional)" type="tel" required={false} />
      </Box>
      <Stack>
        <FormControlLabel
          control={
            <Checkbox
              checked={bypass.value}
              onChange={(e) => {
                bypass.onChange(e.target.checked);
                // docs/product.md §5: the document's message follows the option (checked again with the new rule).
                taxId.onChange(taxId.value);
              }}
            />
          }
          label="Pasaporte extranjero (no se comprueba el formato DNI/NIE)"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={consent.value}
              onChange={(e) => consent.onChange(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': consent.error ? 'manual-consent-error' : undefined } }}
            />
          }
          label={
            <>
              La persona acepta la{' '}
              <Link href="/privacy-policy.html" target="_blank" rel="noopener noreferrer">
                política de privacidad
              </Link>
            </>
          }
        />
        {consent.error && (
          <FormHelperText id="manual-consent-error" error sx={{ mt: -0.5, mb: 1 }}>
            {consent.error}
          </FormHelperText>
        )}
      </Stack>
    </>
  );
}
