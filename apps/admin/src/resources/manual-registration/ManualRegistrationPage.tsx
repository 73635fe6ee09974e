import { useState, type FormEvent } from 'react';
import type { ManualRegistrationConfirmation } from '@evreg/contracts';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { EventsGate } from '../../common/EventsGate';
import { PICKABLE_EVENTS_KEY, usePickableEvents } from '../../common/usePickableEvents';
import { useActions } from '../../common/useActions';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import { CapacityTiles } from './CapacityTiles';
import {
  EMPTY_PERSON,
  failureText,
  manualFormData,
  needsConfirmation,
  successText,
  validateManual,
  type ManualErrors,
  type ManualField,
  type ManualForm,
} from './rules';
import { SessionPicker } from './SessionPicker';

const NO_PERMISSION = (what: string, permission: string) => `Para ver ${what} necesitas el permiso ${permission}.`;

/** Registro Manual (spec 2, 4, 5, 8): staff register a person on a reserved spot of a session; when the
 * reserved spots are used up the server asks for confirmation and the person can go to the waiting list. */
export default function ManualRegistrationPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const pickable = usePickableEvents();
  const { events } = pickable;
  const { permissions } = useActions('registrations');
  const canReadRegistrations = permissions.includes('Registrations.Read');
  const canReadQueue = permissions.includes('Queues.Read');

  const [eventId, setEventId] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [form, setForm] = useState<ManualForm>({ ...EMPTY_PERSON, gdprConsent: false });
  const [errors, setErrors] = useState<ManualErrors>({});
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<ManualRegistrationConfirmation | null>(null);
  const [queueWanted, setQueueWanted] = useState(false);

  const session = events.find((e) => e.id === eventId)?.sessions?.find((s) => s.id === sessionId) ?? null;
  const registrations = useQuery({
    queryKey: ['people', 'session-registrations', sessionId],
    queryFn: () => dataProvider.sessionRegistrations(sessionId!),
    enabled: sessionId !== null && canReadRegistrations,
  });
  const queue = useQuery({
    queryKey: ['people', 'queue', sessionId],
    queryFn: () => dataProvider.queueOfSession(sessionId!),
    enabled: sessionId !== null && canReadQueue && queueWanted,
  });

  function clearMessages() {
    setSuccess(null);
    setFailure(null);
    setConfirmation(null);
  }

  function chooseEvent(id: number | null) {
    setEventId(id);
    setSessionId(null);
    setErrors({});
    clearMessages();
  }

  function chooseSession(id: number | null) {
    setSessionId(id);
    setErrors((current) => ({ ...current, session: undefined }));
    clearMessages();
  }

  function change<K extends keyof ManualForm>(field: K, value: ManualForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    // Spec 5: a field's error clears when it is edited (the passport option changes what the document needs).
    setErrors((current) => {
      const next: ManualErrors = { ...current, [field]: undefined };
      if (field === 'bypassValidation') next.userTaxId = undefined;
      return next;
    });
  }

  async function register(forceQueue: boolean) {
    const found = validateManual(form, session !== null);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    clearMessages();
    try {
      const answer = await dataProvider.manualRegistration(
        { eventSessionId: session!.id, formData: manualFormData(form) },
        forceQueue,
      );
      if (needsConfirmation(answer)) {
        setConfirmation(answer);
        return;
      }
      setSuccess(successText(answer));
      // Spec 4: the person's fields and the passport option clear; the consent stays.
      setForm((current) => ({ ...EMPTY_PERSON, gdprConsent: current.gdprConsent }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PICKABLE_EVENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['people', 'session-registrations', session!.id] }),
        queryClient.invalidateQueries({ queryKey: ['people', 'queue', session!.id] }),
      ]);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void register(false);
  }

  const field = (
    name: keyof ManualForm & ManualField,
    label: string,
    extra: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={form[name] as string}
      onChange={(e) => change(name, e.target.value as never)}
      error={!!errors[name]}
      helperText={errors[name]}
      type={extra.type ?? 'text'}
      autoComplete={extra.autoComplete ?? 'off'}
      required={extra.required ?? true}
      fullWidth
    />
  );

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
            sessionError={errors.session}
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
                problem: !canReadQueue
                  ? NO_PERMISSION('la lista de espera', 'Queues.Read')
                  : queue.error
                    ? queue.error.message
                    : null,
              }}
              onOpenQueue={() => {
                setQueueWanted(true);
                void queryClient.invalidateQueries({ queryKey: ['people', 'queue', session.id] });
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
        <Box component="form" noValidate onSubmit={submit} aria-label="Registro manual">
          <Box
            sx={{
              display: 'grid',
              columnGap: 2,
              rowGap: 2,
              alignItems: 'start',
              gridTemplateColumns: { sm: '1fr 1fr' },
            }}
          >
            {field('firstName', 'Nombre', { autoComplete: 'off' })}
            {field('lastName', 'Apellidos')}
            {field('email', 'Email', { type: 'email' })}
            {field('confirmEmail', 'Confirmar Email', { type: 'email' })}
            {field('userTaxId', form.bypassValidation ? 'Pasaporte' : 'DNI/NIE')}
            {field('telephoneNumber', 'Teléfono (opcional)', { type: 'tel', required: false })}
          </Box>
          <Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.bypassValidation}
                  onChange={(e) => change('bypassValidation', e.target.checked)}
                />
              }
              label="Pasaporte extranjero (no se comprueba el formato DNI/NIE)"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.gdprConsent}
                  onChange={(e) => change('gdprConsent', e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': errors.gdprConsent ? 'manual-consent-error' : undefined } }}
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
            {errors.gdprConsent && (
              <FormHelperText id="manual-consent-error" error sx={{ mt: -0.5, mb: 1 }}>
                {errors.gdprConsent}
              </FormHelperText>
            )}
          </Stack>

          {confirmation && (
            <Alert severity="warning" sx={{ my: 2 }} role="alert">
              <AlertTitle>Plazas reservadas completas</AlertTitle>
              {confirmation.message}
              <Box sx={{ mt: 0.5 }}>
                Lista de espera: {confirmation.currentQueueCount}/{confirmation.maxQueueSpots}
              </Box>
              <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                <Button variant="contained" disabled={busy} onClick={() => void register(true)}>
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
            sx={{ mt: 1 }}
          >
            {busy ? 'Registrando...' : 'Crear Registro Manual'}
          </Button>
        </Box>
      </SettingsCard>
    </Box>
  );
}
