import { useId, useMemo, useState } from 'react';
import { type AdminEvent, type AdminRegistration } from '@evreg/contracts';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { Form, FormDataConsumer, useCreate, useGetList } from 'react-admin';
import { AUTOCOMPLETE_TEXTS, EventAutocomplete } from '../../common/EventAutocomplete';
import { useFormField } from '../../common/formField';
import { byStart, formatDay } from '../../common/sessionChoice';
import { useActions } from '../../common/useActions';
import { usePickableEvents } from '../../common/usePickableEvents';
import { WHOLE } from '../../providers/dataProvider';
import { serverErrorsText, statusLabel } from '../registrations/rules';
import { DescriptionField, ExpiryField, ReasonField } from './fields';
import {
  blockErrors,
  localDay,
  newBlockForm,
  NOTIFICATION_LABELS,
  withEvent,
  withSession,
  type BlockField,
  type BlockForm,
} from './rules';
import { focusFirstField } from '../../common/focusFirstField';

const MENU = { slotProps: { paper: { sx: { maxHeight: 240 } } } };
const personLabel = (r: AdminRegistration) => `${r.firstName} ${r.lastName} (${r.email})`;

/** The form's field of each rule of blockErrors (rules.ts). */
const FIELD_OF: Record<BlockField, keyof BlockForm> = {
  event: 'eventId',
  session: 'sessionId',
  person: 'registrationId',
  expiresAt: 'expiresAt',
  description: 'description',
};

/** The form's values as the rules read them. */
const asBlockForm = (values: Record<string, unknown>) => values as unknown as BlockForm;

/** The rules of rules.ts as the form's errors, by field. */
function formErrors(values: Record<string, unknown>, today: string) {
  const found = blockErrors(asBlockForm(values), today);
  return Object.fromEntries(Object.entries(found).map(([rule, text]) => [FIELD_OF[rule as BlockField], text]));
}

/** 'Bloquear Persona Registrada' (docs/product.md §2, 4, 5): event, then one of its sessions, then a person registered in
 * it; reason, how to tell them, a note and the expiry. A react-admin `Form` with the rules of rules.ts as its
 * `validate`, mounted on each opening, so it always starts afresh (expiry in 30 days, reason No Show, e-mail). The
 * button stays disabled while any rule fails; a message shows once its field has been used. */
export function BlockDialog({ onClose, onBlocked }: { onClose: () => void; onBlocked: (email: string) => void }) {
  const titleId = useId();
  const [create, { isPending: busy }] = useCreate();
  const [today] = useState(() => new Date());
  const [initial] = useState(() => newBlockForm(today));
  const [failure, setFailure] = useState<string | null>(null);

  async function block(values: Record<string, unknown>) {
    const form = asBlockForm(values);
    setFailure(null);
    try {
      await create(
        'blacklist',
        {
          data: {
            eventId: form.eventId,
            eventSessionId: form.sessionId,
            email: form.email,
            blackListReason: form.blackListReason,
            notificationType: form.notificationType,
            blackListReasonDesc: form.description,
            expiresAt: form.expiresAt,
          },
        },
        { returnPromise: true },
      );
      onBlocked(form.email!);
    } catch (error) {
      setFailure(serverErrorsText(error, 'Error al bloquear a la persona'));
    }
  }

  return (
    <Dialog
      open
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Bloquear Persona Registrada</DialogTitle>
      <Form
        record={initial as unknown as Record<string, unknown>}
        onSubmit={block}
        validate={(values) => formErrors(values, localDay(today))}
        mode="all"
        noValidate
      >
        <DialogContent ref={focusFirstField} sx={{ '&&': { pt: 1 }, display: 'grid', gap: 1 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <WhoFields />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <ReasonField />
            <ExpiryField min={localDay(today)} />
          </Box>
          <NotificationField labelId={`${titleId}-notification`} />
          <DescriptionField source="description" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancelar</Button>
          <FormDataConsumer>
            {({ formData }) => (
              <Button
                type="submit"
                variant="contained"
                color="error"
                disabled={busy || Object.keys(blockErrors(asBlockForm(formData), localDay(today))).length > 0}
              >
                {busy ? 'Bloqueando...' : 'Bloquear'}
              </Button>
            )}
          </FormDataConsumer>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** Steps 1-3: event, session, person. Changing the event clears the session and the person; changing the session
 * clears the person (docs/product.md §4, withEvent/withSession of rules.ts). */
function WhoFields() {
  const { events, canRead: canReadEvents, error: eventsError } = usePickableEvents();
  const { permissions } = useActions('blacklist');
  const canReadRegistrations = permissions.includes('Registrations.Read');
  const eventId = useFormField<number | null>('eventId');
  const sessionId = useFormField<number | null>('sessionId');
  const registrationId = useFormField<number | null>('registrationId');
  const email = useFormField<string | null>('email');

  const event: AdminEvent | null = events.find((e) => e.id === eventId.value) ?? null;
  const sessions = useMemo(() => byStart(event?.sessions ?? []), [event]);
  const people = useGetList<AdminRegistration>(
    'registrations',
    { ...WHOLE, filter: { eventSessionId: sessionId.value } },
    { enabled: sessionId.value !== null && canReadRegistrations },
  );
  // The four together, as the rules change them.
  const current = { eventId: eventId.value, sessionId: sessionId.value } as BlockForm;
  const apply = (next: Pick<BlockForm, 'eventId' | 'sessionId' | 'registrationId' | 'email'>) => {
    email.onChange(next.email);
    registrationId.onChange(next.registrationId);
    sessionId.onChange(next.sessionId);
    eventId.onChange(next.eventId);
  };
  const choosePerson = (r: AdminRegistration | null) =>
    apply({ ...current, registrationId: r?.id ?? null, email: r ? r.email : null });

  return (
    <>
      {!canReadEvents && <Alert severity="warning">Para elegir el evento necesitas el permiso Events.Read.</Alert>}
      {eventsError && <Alert severity="error">{eventsError.message || 'Error al cargar los eventos'}</Alert>}
      <EventAutocomplete
        label="1. Evento"
        events={events}
        value={eventId.value}
        onChange={(id) => apply(withEvent(current, id))}
        onBlur={eventId.onBlur}
        error={!!eventId.error}
        helperText={eventId.error ?? 'Busca por título'}
      />
      <TextField
        select
        label="2. Sesión"
        value={sessionId.value ?? ''}
        onChange={(e) => apply(withSession(current, e.target.value === '' ? null : Number(e.target.value)))}
        onBlur={sessionId.onBlur}
        disabled={!event}
        error={!!sessionId.error}
        helperText={sessionId.error ?? (event && !sessions.length ? 'Este evento no tiene sesiones' : undefined)}
        slotProps={{ select: { MenuProps: MENU } }}
      >
        {sessions.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            Sesión {s.id} · {formatDay(s.startDate)} · {s.registeredCount} registrados
          </MenuItem>
        ))}
      </TextField>
      {sessionId.value !== null && !canReadRegistrations && (
        <Alert severity="warning">Para elegir a la persona necesitas el permiso Registrations.Read.</Alert>
      )}
      <Autocomplete
        options={people.data ?? []}
        value={people.data?.find((r) => r.id === registrationId.value) ?? null}
        onChange={(_e, r) => choosePerson(r)}
        onBlur={registrationId.onBlur}
        disabled={sessionId.value === null}
        loading={people.isFetching}
        getOptionLabel={personLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options, { inputValue }) => {
          const wanted = inputValue.trim().toLowerCase();
          return options.filter(
            (r) => !wanted || `${r.firstName} ${r.lastName} ${r.email}`.toLowerCase().includes(wanted),
          );
        }}
        renderOption={({ key, ...props }, r) => (
          <Box component="li" key={key} {...props}>
            <Box>
              <Typography variant="body2">
                {r.firstName} {r.lastName}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {r.email} · {statusLabel(r.status)}
              </Typography>
            </Box>
          </Box>
        )}
        noOptionsText="No hay registros para esta sesión"
        {...AUTOCOMPLETE_TEXTS}
        renderInput={(params) => (
          <TextField
            {...params}
            label="3. Persona registrada"
            placeholder="Busca por email o nombre"
            error={!!registrationId.error}
            helperText={registrationId.error}
          />
        )}
      />
    </>
  );
}

function NotificationField({ labelId }: { labelId: string }) {
  const notification = useFormField<BlockForm['notificationType']>('notificationType');
  return (
    <FormControl>
      <FormLabel id={labelId}>Notificar por</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={notification.value}
        onChange={(e) => notification.onChange(Number(e.target.value) as BlockForm['notificationType'])}
      >
        <FormControlLabel value={1} control={<Radio />} label={NOTIFICATION_LABELS[1]} />
        <FormControlLabel value={0} control={<Radio />} label={NOTIFICATION_LABELS[0]} />
      </RadioGroup>
    </FormControl>
  );
}
