import type { ReactNode } from 'react';
import { Alert, CircularProgress } from '@mui/material';
import type { usePickableEvents } from './usePickableEvents';

/** The event pickers' place while the events can't be shown: no Events.Read, loading, or a failed load. */
export function EventsGate({
  events,
  children,
}: {
  events: ReturnType<typeof usePickableEvents>;
  children: ReactNode;
}) {
  if (!events.canRead) return <Alert severity="warning">Para ver los eventos necesitas el permiso Events.Read.</Alert>;
  if (events.isPending) return <CircularProgress aria-label="Cargando eventos" />;
  if (events.error) {
    return (
      <Alert severity="error" role="alert">
        {events.error.message || 'Error al cargar los eventos'}
      </Alert>
    );
  }
  return <>{children}</>;
}
