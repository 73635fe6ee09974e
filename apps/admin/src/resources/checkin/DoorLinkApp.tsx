import { useEffect, useMemo, useState } from 'react';
import type { DoorSession } from '@evreg/contracts';
import { Alert, Box, CircularProgress, CssBaseline, ThemeProvider, Typography, createTheme } from '@mui/material';
import { themeOptions } from '../../theme';
import { linkDoorApi, Offline, openDoorLink } from './doorApi';
import { DoorScreen } from './DoorScreen';
import { day } from './rules';

const theme = createTheme(themeOptions);

/** /admin/door/<token>: the door screen of one session for a volunteer without an account (a door link). Only
 * MUI and the door screen, no react-admin and no sign-in. Without network on opening, the session and the list
 * downloaded last time in this tab are used. */
export default function DoorLinkApp({ token }: { token: string }) {
  const [session, setSession] = useState<DoorSession | null>(() => cachedSession(token));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Control de acceso';
    openDoorLink(token).then(
      (opened) => {
        sessionStorage.setItem(cacheKey(token), JSON.stringify(opened));
        setSession(opened);
      },
      (e) => {
        if (e instanceof Offline) return;
        sessionStorage.removeItem(cacheKey(token));
        setSession(null);
        setError((e as Error).message || 'Enlace de acceso no válido, revocado o caducado');
      },
    );
  }, [token]);

  const api = useMemo(() => (session ? linkDoorApi(token, session) : null), [token, session]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box component="header" sx={{ bgcolor: 'primary.main', color: '#fff', px: 2, py: 1.5 }}>
        <Typography component="h1" variant="h6">
          Control de acceso{session ? ` · ${session.label}` : ''}
        </Typography>
      </Box>
      <Box component="main" sx={{ p: 2 }}>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : session && api ? (
          <DoorScreen
            api={api}
            heading={{
              title: session.eventTitle,
              when: `${day(session.startDate)}, ${session.startTime.slice(0, 5)}–${session.endTime.slice(0, 5)}`,
            }}
          />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Abriendo el enlace de puerta" />
          </Box>
        )}
      </Box>
    </ThemeProvider>
  );
}

const cacheKey = (token: string) => `checkin:door:${token.slice(0, 12)}`;

function cachedSession(token: string): DoorSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(cacheKey(token)) ?? 'null');
  } catch {
    return null;
  }
}
