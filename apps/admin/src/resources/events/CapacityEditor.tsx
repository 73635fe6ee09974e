import { useState } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { Form, FormDataConsumer, HttpError, useInput, useUpdate } from 'react-admin';
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

/** The form's values as the rules read them (text as typed). */
const asDraft = (values: Record<string, unknown>): CapacityDraft =>
  Object.fromEntries(CAPACITY_FIELDS.map((field) => [field, String(values[field] ?? '')])) as CapacityDraft;

/** The session's capacity edited in its row (docs/product.md §5), on react-admin's `Form` with the rules of
 * capacityRules.ts as its `validate` (Enter never sends a refused value). The rules' messages show as the values
 * are typed (a figure may fail because the total changed), Save is disabled while any fails, then only the changed
 * values are sent, each in its own call (`useUpdate('sessions')` with one field). A refusal shows under its field
 * (or above them) until the next change; the values already saved stay saved. */
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
  // The figures when the editor opened: a reload of the events while typing doesn't reset the form.
  const [initial] = useState(() => capacityDraft(session));
  const [refused, setRefused] = useState<CapacityErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = sessionName(session);

  async function save(values: Record<string, unknown>) {
    const changes = capacityChanges(asDraft(values), session);
    if (changes.length === 0) return;
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
      if (text) setRefused({ [field]: Array.isArray(text) ? text.join(' ') : text });
      else
        setFailure(withReason('Error al actualizar las sesiones', error instanceof Error ? error.message : undefined));
    }
    await reload();
    setSaving(false);
    if (done === changes.length) onDone(`${name}: capacidad actualizada`);
  }

  return (
    <Box role="form" aria-label={`Capacidad de la ${name.toLowerCase()}`} sx={{ py: 1 }}>
      <Form
        record={{ id: session.id, ...initial }}
        onSubmit={save}
        validate={(values) => capacityErrors(asDraft(values), session)}
        disableInvalidFormNotification
        noValidate
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
        <FormDataConsumer>
          {({ formData }) => {
            const draft = asDraft(formData);
            const errors = { ...capacityErrors(draft, session), ...refused };
            const invalid = Object.values(errors).some(Boolean);
            return (
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                {CAPACITY_FIELDS.map((field) => (
                  <CapacityInput key={field} source={field} error={errors[field]} onEdit={() => setRefused({})} />
                ))}
                <Box sx={{ display: 'flex', gap: 1, pt: 0.5 }}>
                  <Button
                    type="submit"
                    variant="contained"
                    size="small"
                    disabled={invalid || capacityChanges(draft, session).length === 0 || saving}
                  >
                    Guardar
                  </Button>
                  <Button size="small" onClick={() => onDone(null)} disabled={saving}>
                    Cancelar
                  </Button>
                </Box>
              </Box>
            );
          }}
        </FormDataConsumer>
      </Form>
    </Box>
  );
}

/** One figure of the form, as typed (no parsing: the rules read the text). */
function CapacityInput({ source, error, onEdit }: { source: CapacityField; error?: string; onEdit: () => void }) {
  const { field } = useInput({ source, parse: (value: string) => value, format: (value: string) => value });
  return (
    <TextField
      size="small"
      label={LABELS[source]}
      value={field.value ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onEdit();
      }}
      onBlur={field.onBlur}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ width: 220, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
    />
  );
}
