import { HISTORY_ACTORS, historyChangeText, type HistoryEntry } from '@evreg/contracts';
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../common/format';

/** Who did it, as the back office writes it: the staff member's name, or the kind of actor, with the token's or door
 * link's name. */
export function historyActorText(entry: HistoryEntry): string {
  const kind = HISTORY_ACTORS[entry.actorKind];
  if (entry.actorKind === 'staff' || entry.actorLabel === kind) return entry.actorLabel;
  return `${kind}: ${entry.actorLabel}`;
}

/** A history read from the API (a registration's, an event's or a session's): each entry's date and time (es-ES),
 * what happened, who did it and the fields it changed. */
export function HistoryTimeline({
  queryKey,
  load,
  empty = 'Sin cambios registrados',
}: {
  queryKey: readonly unknown[];
  load: () => Promise<HistoryEntry[]>;
  empty?: string;
}) {
  // Read afresh each time it is shown: an action taken meanwhile is in it.
  const history = useQuery({ queryKey: ['history', ...queryKey], queryFn: load, gcTime: 0 });
  if (history.isPending) return <CircularProgress size={24} aria-label="Cargando el historial" />;
  if (history.isError) return <Alert severity="error">{history.error.message || 'Error al cargar el historial'}</Alert>;
  if (!history.data.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List dense aria-label="Historial" disablePadding>
      {history.data.map((entry) => (
        <ListItem key={entry.id} divider disableGutters>
          <ListItemText
            primary={
              <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                  {entry.actionLabel}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {formatDateTime(entry.at)} · {historyActorText(entry)}
                  {entry.bulk && ` · Acción masiva (${entry.bulk.count})`}
                </Typography>
              </Box>
            }
            secondary={entry.changes.length ? entry.changes.map(historyChangeText).join(' · ') : undefined}
          />
        </ListItem>
      ))}
    </List>
  );
}
