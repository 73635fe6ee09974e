import { useState } from 'react';
import type { AttendanceCounts } from '@evreg/contracts';
import LinkIcon from '@mui/icons-material/Link';
import { Alert, Box, Button, CircularProgress, MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { useActions } from '../../common/useActions';
import { WHOLE } from '../../providers/dataProvider';
import { staffDoorApi } from './doorApi';
import { DoorLinksDialog } from './DoorLinksDialog';
import { DoorScreen } from './DoorScreen';
import { day, firstSession } from './rules';

/** A session the door can open (`GET /api/check-ins/sessions`). */
export interface CheckInSessionChoice {
  id: number;
  sessionId: number;
  eventTitle: string;
  startDate: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  counts: AttendanceCounts;
}

export const sessionLabel = (s: Pick<CheckInSessionChoice, 'eventTitle' | 'startDate' | 'startTime' | 'endTime'>) =>
  `${s.eventTitle} · ${day(s.startDate)} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}`;

/** 'Control de acceso' for signed-in staff: pick the session (today's first), then the door screen; door links for
 * volunteers from here too (Checkin.Update). */
export default function CheckInPage() {
  const sessions = useGetList<CheckInSessionChoice>('checkin-sessions', WHOLE);
  const [chosen, setChosen] = useState<number | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);
  const { can } = useActions('checkin');
  const rows = sessions.data ?? [];
  const current = rows.find((s) => s.sessionId === chosen) ?? firstSession(rows, new Date());

  if (sessions.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Cargando las sesiones" />
      </Box>
    );
  if (sessions.isError)
    return (
      <Alert severity="error" role="alert" sx={{ m: 2 }}>
        {sessions.error?.message || 'Error al cargar las sesiones'}
      </Alert>
    );

  return (
    <Box
      sx={{
        py: 2,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2,
        maxWidth: 560,
        mx: 'auto',
        width: '100%',
      }}
    >
      {rows.length === 0 || !current ? (
        <Alert severity="info">No hay sesiones hoy ni próximas para controlar el acceso.</Alert>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              select
              label="Sesión"
              value={current.sessionId}
              onChange={(e) => setChosen(Number(e.target.value))}
              fullWidth
              // The whole label on a phone: it wraps rather than being cut.
              sx={{
                minWidth: 0,
                '& .MuiSelect-select.MuiInputBase-input.MuiOutlinedInput-input': {
                  whiteSpace: 'normal',
                  lineHeight: 1.35,
                },
              }}
            >
              {rows.map((s) => (
                <MenuItem key={s.sessionId} value={s.sessionId} sx={{ minHeight: 48 }}>
                  {sessionLabel(s)}
                </MenuItem>
              ))}
            </TextField>
            {can('door-links') && (
              <Button
                variant="outlined"
                onClick={() => setLinksOpen(true)}
                startIcon={<LinkIcon />}
                sx={{ minHeight: 56, flexShrink: 0 }}
              >
                Enlaces
              </Button>
            )}
          </Box>
          <StaffDoor key={current.sessionId} session={current} />
          {linksOpen && <DoorLinksDialog session={current} onClose={() => setLinksOpen(false)} />}
        </>
      )}
    </Box>
  );
}

/** The door screen of one session for signed-in staff (mounted anew for each session). */
function StaffDoor({ session }: { session: CheckInSessionChoice }) {
  const [api] = useState(() => staffDoorApi(session.sessionId));
  return (
    <DoorScreen
      api={api}
      heading={{
        title: session.eventTitle,
        when: `${day(session.startDate)}, ${session.startTime.slice(0, 5)}–${session.endTime.slice(0, 5)}`,
      }}
    />
  );
}
