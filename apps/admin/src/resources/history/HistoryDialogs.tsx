import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useCanAccess, useDataProvider } from 'react-admin';
import { Link } from 'react-router';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { HistoryTimeline } from './HistoryTimeline';

/** 'Historial' of one registration or waiting entry (docs/product.md, "Historial"): created, edited (field names
 * only), e-mail resent, moved, promoted, cancelled, blacklisted, checked in; with date, time and who. */
export function RegistrationHistoryDialog({
  registration,
  onClose,
}: {
  registration: { id: number; firstName: string; lastName: string };
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const name = `${registration.firstName} ${registration.lastName}`.trim();
  return (
    <HistoryDialog title={`Historial de ${name}`} onClose={onClose}>
      <HistoryTimeline
        queryKey={['registration', registration.id]}
        load={() => dataProvider.registrationHistory(registration.id)}
      />
    </HistoryDialog>
  );
}

/** 'Historial' of an event and its sessions, or of one session: what staff changed (administrators). */
export function EventHistoryDialog({
  eventId,
  sessionId,
  title,
  onClose,
}: {
  eventId: number;
  sessionId?: number;
  title: string;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'history', action: 'list' });
  // The whole history, already filtered to this event (or session): people's entries too, with every filter.
  const filter = JSON.stringify(sessionId === undefined ? { eventId } : { eventId, sessionId });
  const more = canAccess ? (
    <Button component={Link} to={`/history?filter=${encodeURIComponent(filter)}`}>
      Ver en Historial, con filtros
    </Button>
  ) : null;
  return (
    <HistoryDialog title={title} onClose={onClose} more={more}>
      <HistoryTimeline
        queryKey={['event', eventId, sessionId ?? null]}
        load={() => dataProvider.eventHistory(eventId, sessionId)}
      />
    </HistoryDialog>
  );
}

/** 'Historial' in a dialog of its own: a registration's (Registros, the session's people) or an event's and its
 * sessions' (the events screen, administrators). */
function HistoryDialog({
  title,
  onClose,
  more,
  children,
}: {
  title: string;
  onClose: () => void;
  more?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {more}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
