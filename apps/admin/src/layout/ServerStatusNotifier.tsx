import { useEffect } from 'react';
import { Notification, useNotify } from 'react-admin';
import { onServerAvailability } from '../providers/session';

export const SERVER_AWAY = 'El servidor no está disponible. Reintentando…';
export const SERVER_BACK = 'Conexión con el servidor restablecida';

/** Shown every 20 s while it lasts, 15 s each time: react-admin shows one notification at a time and the next
 * waits for the current one to close, so a notice that never closed would hold back every other message. */
const REMINDER_MS = 20_000;
const SHOWN_MS = 15_000;

/** Tells the staff member, with react-admin's notifications, that the server is away and the screen is retrying
 * its reads (providers/session.ts), and when it is back. The session is kept meanwhile (docs/domain.md,
 * "PostgreSQL away"). */
function ServerStatusNotifier() {
  const notify = useNotify();
  useEffect(() => {
    let reminder: ReturnType<typeof setInterval> | undefined;
    const away = () => notify(SERVER_AWAY, { type: 'warning', autoHideDuration: SHOWN_MS });
    const stop = onServerAvailability((unavailable) => {
      clearInterval(reminder);
      if (unavailable) {
        away();
        reminder = setInterval(away, REMINDER_MS);
      } else {
        notify(SERVER_BACK, { type: 'success' });
      }
    });
    return () => {
      stop();
      clearInterval(reminder);
    };
  }, [notify]);
  return null;
}

/** react-admin's notification area plus the server status notices; mounted by <Admin> outside the layout, so it
 * also works while the first page is still loading. */
export function AppNotification() {
  return (
    <>
      <Notification />
      <ServerStatusNotifier />
    </>
  );
}
