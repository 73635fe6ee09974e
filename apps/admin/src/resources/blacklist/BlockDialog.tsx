import { useId, useMemo, useState } from 'react';
import { BLACKLIST_DESCRIPTION_MAX, type AdminRegistration } from '@evreg/contracts';
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
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { AUTOCOMPLETE_TEXTS, EventAutocomplete } from '../../common/EventAutocomplete';
import { byStart, formatDay } from '../../common/sessionChoice';
import { useActions } from '../../common/useActions';
import { usePickableEvents } from '../../common/usePickableEvents';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { serverErrorsText, statusLabel } from '../registrations/rules';
import {
  blockErrors,
  REASONS,
  localDay,
  newBlockForm,
  NOTIFICATION_LABELS,
  withEvent,
  withSession,
  type BlockField,
  type BlockForm,
} from './rules';

const MENU = { slotProps: { paper: { sx: { maxHeight: 240 } } } };
const personLabel = (r: AdminRegistration) => `${r.firstName} ${r.lastName} (${r.email})`;

/** 'Bloquear Persona Registrada' (spec 2, 4, 5): event, then one of its sessions, then a person registered in
 * it; reason, how to tell them, a note and the expiry. Mounted on each opening, so it always starts afresh
 * (expiry in 30 days, reason No Show, e-mail). The button stays disabled while any rule fails; a message shows
 * once its field has been used. */
export function BlockDialog({ onClose, onBlocked }: { onClose: () => void; onBlocked: (email: string) => void }) {
  const titleId = useId();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { events, canRead: canReadEvents, error: eventsError } = usePickableEvents();
  const { permissions } = useActions('blacklist');
  const canReadRegistrations = permissions.includes('Registrations.Read');
  const [today] = useState(() => new Date());
  const [form, setForm] = useState<BlockForm>(() => newBlockForm(today));
  const [touched, setTouched] = useState<Partial<Record<BlockField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const event = events.find((e) => e.id === form.eventId) ?? null;
  const sessions = useMemo(() => byStart(event?.sessions ?? []), [event]);
  const people = useQuery({
    queryKey: ['people', 'session-registrations', form.sessionId],
    queryFn: () => dataProvider.sessionRegistrations(form.sessionId!),
    enabled: form.sessionId !== null && canReadRegistrations,
  });
  const errors = blockErrors(form, localDay(today));
  const shown = (field: BlockField) => (touched[field] ? errors[field] : undefined);
  const touch = (field: BlockField) => setTouched((t) => ({ ...t, [field]: true }));

  async function submit() {
    setTouched({ event: true, session: true, person: true, expiresAt: true, description: true });
    if (Object.keys(errors).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.create('blacklist', {
        data: {
          eventId: form.eventId,
          eventSessionId: form.sessionId,
          email: form.email,
          blackListReason: form.blackListReason,
          notificationType: form.notificationType,
          blackListReasonDesc: form.description,
          expiresAt: form.expiresAt,
        },
      });
      onBlocked(form.email!);
    } catch (error) {
      setFailure(serverErrorsText(error, 'Error al bloquear a la persona'));
      setBusy(false);
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
      <DialogContent sx={{ '&&': { pt: 1 }, display: 'grid', gap: 1 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {!canReadEvents && <Alert severity="warning">Para elegir el evento necesitas el permiso Events.Read.</Alert>}
        {eventsError && <Alert severity="error">{eventsError.message || 'Error al cargar los eventos'}</Alert>}
        <EventAutocomplete
          label="1. Evento"
          events={events}
          value={form.eventId}
          onChange={(id) => {
            setForm((f) => withEvent(f, id));
            touch('event');
          }}
          onBlur={() => touch('event')}
          error={!!shown('event')}
          helperText={shown('event') ?? 'Busca por título'}
        />
        <TextField
          select
          label="2. Sesión"
          value={form.sessionId ?? ''}
          onChange={(e) => {
            setForm((f) => withSession(f, e.target.value === '' ? null : Number(e.target.value)));
            touch('session');
          }}
          onBlur={() => touch('session')}
          disabled={!event}
          error={!!shown('session')}
          helperText={shown('session') ?? (event && !sessions.length ? 'Este evento no tiene sesiones' : undefined)}
          slotProps={{ select: { MenuProps: MENU } }}
        >
          {sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              Sesión {s.id} · {formatDay(s.startDate)} · {s.registeredCount} registrados
            </MenuItem>
          ))}
        </TextField>
        {form.sessionId !== null && !canReadRegistrations && (
          <Alert severity="warning">Para elegir a la persona necesitas el permiso Registrations.Read.</Alert>
        )}
        <Autocomplete
          options={people.data ?? []}
          value={people.data?.find((r) => r.id === form.registrationId) ?? null}
          onChange={(_e, r) => {
            setForm((f) => ({ ...f, registrationId: r?.id ?? null, email: r ? r.email : null }));
            touch('person');
          }}
          onBlur={() => touch('person')}
          disabled={form.sessionId === null}
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
              error={!!shown('person')}
              helperText={shown('person')}
            />
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          <TextField
            select
            label="Razón"
            value={form.blackListReason}
            onChange={(e) =>
              setForm((f) => ({ ...f, blackListReason: Number(e.target.value) as BlockForm['blackListReason'] }))
            }
          >
            {REASONS.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label="Fecha de expiración"
            value={form.expiresAt}
            onChange={(e) => {
              setForm((f) => ({ ...f, expiresAt: e.target.value }));
              touch('expiresAt');
            }}
            error={!!shown('expiresAt')}
            helperText={shown('expiresAt') ?? 'Bloqueada hasta el final de ese día'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDay(today) } }}
          />
        </Box>
        <FormControl>
          <FormLabel id={`${titleId}-notification`}>Notificar por</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${titleId}-notification`}
            value={form.notificationType}
            onChange={(e) =>
              setForm((f) => ({ ...f, notificationType: Number(e.target.value) as BlockForm['notificationType'] }))
            }
          >
            <FormControlLabel value={1} control={<Radio />} label={NOTIFICATION_LABELS[1]} />
            <FormControlLabel value={0} control={<Radio />} label={NOTIFICATION_LABELS[0]} />
          </RadioGroup>
        </FormControl>
        <TextField
          label="Descripción (opcional)"
          multiline
          minRows={2}
          value={form.description}
          onChange={(e) => {
            setForm((f) => ({ ...f, description: e.target.value }));
            touch('description');
          }}
          error={!!shown('description')}
          helperText={shown('description') ?? `${form.description.length}/${BLACKLIST_DESCRIPTION_MAX}`}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={busy || Object.keys(errors).length > 0}>
          {busy ? 'Bloqueando...' : 'Bloquear'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
