import { useMemo, useState } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import { Box, ListItemText, MenuItem, TextField } from '@mui/material';
import {
  byStart,
  eventMatches,
  eventPlace,
  sessionAvailability,
  sessionMatches,
  sessionRange,
} from '../../common/sessionChoice';

/** Select lists are at most 60 units (15rem) high (docs/product.md §9). */
const MENU = { slotProps: { paper: { sx: { maxHeight: 240 } } } };

/** docs/product.md §2, manual registration: a search box and a select for the event (title and 'city - address'), then a
 * search by date and a select for the session (date, times, availability), disabled until an event is chosen. */
export function SessionPicker({
  events,
  eventId,
  sessionId,
  sessionError,
  onEvent,
  onSession,
}: {
  events: AdminEvent[];
  eventId: number | null;
  sessionId: number | null;
  sessionError?: string;
  onEvent: (id: number | null) => void;
  onSession: (id: number | null) => void;
}) {
  const [eventQuery, setEventQuery] = useState('');
  const [sessionQuery, setSessionQuery] = useState('');
  const event = events.find((e) => e.id === eventId) ?? null;
  const session = event?.sessions?.find((s) => s.id === sessionId) ?? null;
  // The chosen one stays listed whatever the search, so the select keeps showing it.
  const eventOptions = useMemo(
    () => events.filter((e) => e.id === eventId || eventMatches(e, eventQuery)),
    [events, eventId, eventQuery],
  );
  const sessionOptions = useMemo(
    () => byStart(event?.sessions ?? []).filter((s) => s.id === sessionId || sessionMatches(s, sessionQuery)),
    [event, sessionId, sessionQuery],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, alignItems: 'start' }}>
      <TextField
        label="Buscar evento"
        placeholder="Título, ciudad o dirección"
        value={eventQuery}
        onChange={(e) => setEventQuery(e.target.value)}
      />
      <TextField
        select
        label="Evento"
        value={eventId ?? ''}
        onChange={(e) => {
          setSessionQuery('');
          onEvent(e.target.value === '' ? null : Number(e.target.value));
        }}
        helperText={eventOptions.length === 0 ? 'No se encontraron eventos' : undefined}
        slotProps={{
          select: { MenuProps: MENU, renderValue: () => (event ? `${event.title} (${eventPlace(event)})` : '') },
        }}
      >
        {eventOptions.map((e) => (
          <MenuItem key={e.id} value={e.id}>
            <ListItemText primary={e.title} secondary={eventPlace(e)} sx={{ my: 0 }} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Buscar sesión"
        placeholder="Fecha, por ejemplo 05/03"
        value={sessionQuery}
        onChange={(e) => setSessionQuery(e.target.value)}
        disabled={!event}
      />
      <TextField
        select
        label="Sesión"
        value={sessionId ?? ''}
        onChange={(e) => onSession(e.target.value === '' ? null : Number(e.target.value))}
        disabled={!event}
        error={!!sessionError}
        helperText={
          sessionError ?? (event && sessionOptions.length === 0 ? 'No hay sesiones para esta búsqueda' : undefined)
        }
        slotProps={{
          select: {
            MenuProps: MENU,
            renderValue: () => (session ? `${sessionRange(session)} · ${sessionAvailability(session)}` : ''),
          },
        }}
      >
        {sessionOptions.map((s: Session) => (
          <MenuItem key={s.id} value={s.id}>
            <ListItemText primary={sessionRange(s)} secondary={sessionAvailability(s)} sx={{ my: 0 }} />
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
