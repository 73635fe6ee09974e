import { useId, useState, type FormEvent } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useUpdate } from 'react-admin';
import { redistributeError, unusedReserved } from './capacityRules';
import { sessionName, useReloadEvents } from './eventsScreen';

/** Redistribute (docs/product.md §4, 5): unused reserved seats go to online booking, then the waiting list is promoted
 * onto them (unless the session's promotion is locked). */
export function RedistributeDialog({
  event,
  session,
  onClose,
  onDone,
}: {
  event: AdminEvent;
  session: Session;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [update] = useUpdate();
  const reload = useReloadEvents();
  const titleId = useId();
  const unused = unusedReserved(session);
  const [value, setValue] = useState(String(unused));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = redistributeError(value, session);
    setError(problem);
    if (problem) return;
    setSaving(true);
    setFailure(null);
    try {
      const spots = Number(value.trim());
      const updated = (await update(
        'sessions',
        { id: session.id, data: { spotsToRedistribute: spots }, previousData: { ...session, eventId: event.id } },
        { returnPromise: true },
      )) as Session;
      await reload();
      onDone(
        `${sessionName(session)}: ${spots === 1 ? '1 plaza reservada pasa' : `${spots} plazas reservadas pasan`} a la venta en línea (${updated.availableSpots} libres en línea)`,
      );
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Error al actualizar las sesiones');
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Redistribuir plazas reservadas</DialogTitle>
        <DialogContent sx={{ '&&': { pt: 1 } }}>
          <DialogContentText sx={{ mb: 2 }}>
            {sessionName(session)}: {unused} de {session.reservedSpots} plazas reservadas sin usar. Las que pases quedan
            libres para la inscripción en línea
            {session.isPromotionLocked ? '.' : ' y se ocupan con la lista de espera por orden.'}
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            label="Plazas a redistribuir"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? `Entre 1 y ${unused}`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            autoFocus
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Redistribuir
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
