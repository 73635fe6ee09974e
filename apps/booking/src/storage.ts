import type { RegistrationResponse, Session } from '@evreg/contracts';
import type { AttendeeValues } from './logic/form-rules';

/** Browser storage keys named by the spec (section 3), plus the visitor's hold shared by the browser's tabs. */
const TOKEN = 'eventSessionToken';
const EVENT = 'lastSelectedEventId';
const SESSION = 'lastSelectedSessionId';
export const HOLD = 'eventSessionHold';

function get(key: string, store: Storage = localStorage): string {
  try {
    return store.getItem(key) ?? '';
  } catch {
    return '';
  }
}
function set(key: string, value: string | null, store: Storage = localStorage): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    /* storage unavailable: keep going in memory */
  }
}
function parse<T>(text: string): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

const newToken = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

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

/** The visitor's one selection and hold, shared by the browser's tabs (they follow it through the storage event).
 * expiresAt null: a date chosen without a hold (waiting list). ended: the hold is gone (booked or expired).
 * busy: a tab is registering with it (ms timestamp), so another tab reaching zero leaves it to that answer. */
export interface HoldRecord {
  eventId: number;
  sessionId: number;
  token: string;
  spots: number;
  expiresAt: string | null;
  ended?: 'booked' | 'expired';
  busy?: number;
}

export const readHold = (text = get(HOLD)) => parse<HoldRecord>(text);
export const writeHold = (record: HoldRecord | null) => set(HOLD, record && JSON.stringify(record));
/** Changes the stored record only if it is still this token's. */
export function updateHold(token: string, change: Partial<HoldRecord>): void {
  const r = readHold();
  if (r && r.token === token) writeHold({ ...r, ...change });
}

/** What this tab has typed (sessionStorage: this tab only, gone with it; never in the address). */
export interface Draft {
  values: AttendeeValues[];
  consent: boolean;
}
const draftKey = (eventId: number) => `evreg.draft.${eventId}`;
export const readDraft = (eventId: number) => parse<Draft>(get(draftKey(eventId), sessionStorage));
export const writeDraft = (eventId: number, d: Draft | null) =>
  set(draftKey(eventId), d && JSON.stringify(d), sessionStorage);

/** This tab's confirmation, so a refresh shows it again instead of a new form and a new hold. */
export interface Confirmation {
  response: RegistrationResponse;
  names: string[];
  emails: string[];
  session: Session;
}
const doneKey = (eventId: number) => `evreg.done.${eventId}`;
export const readConfirmation = (eventId: number) => parse<Confirmation>(get(doneKey(eventId), sessionStorage));
export const writeConfirmation = (eventId: number, c: Confirmation | null) =>
  set(doneKey(eventId), c && JSON.stringify(c), sessionStorage);
