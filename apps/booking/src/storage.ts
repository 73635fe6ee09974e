/** Browser storage keys named by the spec (section 3). */
const TOKEN = 'eventSessionToken';
const EVENT = 'lastSelectedEventId';
const SESSION = 'lastSelectedSessionId';

function get(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}
function set(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: keep going in memory */
  }
}

const newToken = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const getToken = (): string => get(TOKEN);

/** Reuse the stored token or create one. */
export function ensureToken(): string {
  let t = get(TOKEN);
  if (!t) {
    t = newToken();
    set(TOKEN, t);
  }
  return t;
}

/** Choosing a session: a fresh token, and the selection remembered. */
export function selectSession(eventId: number, sessionId: number): string {
  const t = newToken();
  set(TOKEN, t);
  set(EVENT, String(eventId));
  set(SESSION, String(sessionId));
  return t;
}

export const lastSelection = () => ({ eventId: Number(get(EVENT)) || null, sessionId: Number(get(SESSION)) || null });
