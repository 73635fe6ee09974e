import { useState, type FormEvent } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { HttpError, useUpdate } from 'react-admin';
import { withReason } from '../../common/withReason';
import { errorBody } from '../../providers/session';
import {
  CAPACITY_FIELDS,
  capacityChanges,
  capacityDraft,
  capacityErrors,
  type CapacityDraft,
  type CapacityErrors,
  type CapacityField,
} from './capacityRules';
import { sessionName, useReloadEvents } from './eventsScreen';

const LABELS: Record<CapacityField, string> = {
  maxAttendees: 'Capacidad total',
  reservedSpots: 'Plazas reservadas',
  maxQueueSpots: 'Máx. lista de espera',
};

/** The session's capacity edited in its row (docs/product.md §5): the rules of capacityRules.ts as the values are typed,
 * Save disabled while any fails, then only the changed values, each in its own call. A refusal shows under its
 * field (or above them); the values already saved stay saved. */
export function CapacityEditor({
  event,
  session,
  onDone,
}: {
  event: AdminEvent;
  session: Session;
  onDone: (saved: string | null) => void;
}) {
  const [update] = useUpdate<Session>();
  const reload = useReloadEvents();
  const [draft, setDraft] = useState<CapacityDraft>(() => capacityDraft(session));
  const [serverErrors, setServerErrors] = useState<CapacityErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const errors = { ...capacityErrors(draft, session), ...serverErrors };
  const changes = capacityChanges(draft, session);
  const invalid = Object.values(errors).some(Boolean);
  const name = sessionName(session);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (invalid || changes.length === 0) return;
    setSaving(true);
    setFailure(null);
    let done = 0;
    try {
      for (const change of changes) {
        // One figure per call (docs/product.md §5): the data provider sends it to its own route.
        const data = { [change.field]: change.value };
        await update(
          'sessions',
          { id: session.id, data, previousData: { ...session, eventId: event.id } },
          { returnPromise: true },
        );
        done++;
      }
    } catch (error) {
      const fieldError =
        error instanceof HttpError
          ? (errorBody(error)?.errors as Record<string, string | string[]> | undefined)
          : undefined;
      const field = changes[done].field;
      const text = fieldError?.[field];
      if (text) setServerErrors({ [field]: Array.isArray(text) ? text.join(' ') : text });
      else
        setFailure(withReason('Error al actualizar las sesiones', error instanceof Error ? error.message : undefined));
    }
    await reload();
    setSaving(false);
    if (done === changes.length) onDone(`${name}: capacidad actualizada`);
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={save}
      aria-label={`Capacidad de la ${name.toLowerCase()}`}
      sx={{ py: 1 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {session.registeredCount} inscritos ({session.usedReservedSpots} en plazas reservadas),{' '}
        {session.currentQueueCount} en lista de espera.
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {CAPACITY_FIELDS.map((field) => (
          <TextField
            key={field}
            size="small"
            label={LABELS[field]}
            value={draft[field]}
            onChange={(e) => {
              setDraft({ ...draft, [field]: e.target.value });
              setServerErrors({});
            }}
            error={!!errors[field]}
            helperText={errors[field]}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 220, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
          />
        ))}
        <Box sx={{ display: 'flex', gap: 1, pt: 0.5 }}>
          <Button type="submit" variant="contained" size="small" disabled={invalid || changes.length === 0 || saving}>
            Guardar
          </Button>
          <Button size="small" onClick={() => onDone(null)} disabled={saving}>
            Cancelar
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
