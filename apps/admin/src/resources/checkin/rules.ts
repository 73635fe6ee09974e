import type {
  AttendanceCounts,
  CheckInAnswer,
  CheckInRequest,
  OfflineList,
  OfflineListEntry,
  SyncConflict,
  VisitorLanguage,
} from '@evreg/contracts';

/** The door screen's rules (issue 21, 'Control de acceso'): what a scan means when decided here while offline,
 * how an answer reads in Spanish, the counts, and which of today's sessions comes first. No I/O. */

/** A scan decided here while offline and not yet sent (`pendiente de enviar`): the request as it will be sent,
 * with the person it checked in. */
export interface PendingScan {
  request: CheckInRequest;
  registrationId: number;
  name: string;
}

/** What the screen shows after a scan: the server's answer, or one decided here from the downloaded list. */
export interface DoorAnswer {
  outcome: CheckInAnswer['outcome'];
  ok: boolean;
  checkInId: number | null;
  person: CheckInAnswer['person'];
  checkedInAt: string | null;
  checkedInDoor: string | null;
  checkedInBy: string | null;
  otherSession: CheckInAnswer['otherSession'];
  queuePosition: number | null;
  /** Decided here without the network: sent when it is back. */
  pending: boolean;
  /** Offline, a code not in this session's list may belong to another session: only the server can tell. */
  offline: boolean;
  /** The verdict for the visitor in the language they booked in, when that isn't Spanish (the screen faces them
   * too); online only: the offline list carries no language and the door no catalogs. */
  visitor: { language: VisitorLanguage; text: string } | null;
}

/** A ticket code as scanned or typed: no spaces, upper case (the server's text form). */
export function normalizeCode(text: string): string {
  return text.trim().replace(/\s+/g, '').toUpperCase();
}

/** The code's hash as the offline list has it: base64url(SHA-256(code in upper case)). */
export async function codeHash(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalizeCode(code))));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random id for one scan (the server counts a re-sent nonce once): 22 characters [A-Za-z0-9_-]. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

const TIME = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const TIME_ZONE_TIME = (timeZone?: string) =>
  timeZone
    ? new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    : TIME;

/** '10:42' in the browser's time zone (or the one given, for tests). */
export function clock(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : TIME_ZONE_TIME(timeZone).format(date);
}

/** 'dd/mm/aaaa' from the API's 'aaaa-mm-dd'. */
export function day(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : isoDate;
}

/** A scan decided from the downloaded list (offline). `pendingIds`: the people already checked in here and not
 * yet sent. A code that is not on the list can't be told apart from another session's ticket without the
 * server: it is refused as not on this session's list. */
export function decideOffline(
  entry: OfflineListEntry | undefined,
  pending: readonly PendingScan[],
  now: Date,
): DoorAnswer {
  const base: DoorAnswer = {
    outcome: 'unknown',
    ok: false,
    checkInId: null,
    person: null,
    checkedInAt: null,
    checkedInDoor: null,
    checkedInBy: null,
    otherSession: null,
    queuePosition: null,
    pending: false,
    offline: true,
    visitor: null,
  };
  if (!entry) return base;
  const person = {
    registrationId: entry.registrationId,
    firstName: entry.firstName,
    lastName: entry.lastName,
    companionOf: entry.companionOf,
  };
  if (entry.state === 'cancelled') return { ...base, outcome: 'cancelled', person };
  if (entry.state === 'waiting') return { ...base, outcome: 'waiting', person, queuePosition: entry.queuePosition };
  const here = pending.find((p) => p.registrationId === entry.registrationId);
  if (here)
    return {
      ...base,
      outcome: 'alreadyCheckedIn',
      person,
      checkedInAt: here.request.scannedAt ?? null,
      checkedInDoor: here.request.door ?? null,
      pending: true,
    };
  if (entry.checkedInAt)
    return {
      ...base,
      outcome: 'alreadyCheckedIn',
      person,
      checkedInAt: entry.checkedInAt,
      checkedInDoor: entry.checkedInDoor,
      checkedInBy: entry.checkedInBy,
    };
  return { ...base, outcome: 'valid', ok: true, person, checkedInAt: now.toISOString(), pending: true };
}

/** The server's answer as the screen shows it. */
export function fromServer(answer: Omit<CheckInAnswer, 'counts' | 'message' | 'replayed'>): DoorAnswer {
  return {
    outcome: answer.outcome,
    ok: answer.ok,
    checkInId: answer.checkInId,
    person: answer.person,
    checkedInAt: answer.checkedInAt,
    checkedInDoor: answer.checkedInDoor,
    checkedInBy: answer.checkedInBy,
    otherSession: answer.otherSession,
    queuePosition: answer.queuePosition,
    pending: false,
    offline: false,
    visitor:
      answer.language && answer.language !== 'es' && answer.visitorMessage
        ? { language: answer.language, text: answer.visitorMessage }
        : null,
  };
}

/** The full-screen answer: a headline, the person, and the reason in Spanish. */
export function answerText(
  answer: DoorAnswer,
  timeZone?: string,
): { title: string; name: string | null; lines: string[] } {
  const name = answer.person ? fullName(answer.person) : null;
  const lines: string[] = [];
  if (answer.person?.companionOf) lines.push(`Acompañante de ${answer.person.companionOf}`);
  switch (answer.outcome) {
    case 'valid':
      if (answer.pending) lines.push('Sin conexión: pendiente de enviar');
      return { title: 'Entrada válida', name, lines };
    case 'alreadyCheckedIn': {
      const { checkedInDoor: door, checkedInBy: by } = answer;
      const when = answer.checkedInAt ? `a las ${clock(answer.checkedInAt, timeZone)}` : '';
      // The door, and who at it when that says more; who alone when the door had no label.
      const where = door ? `por ${door}${by && by !== door ? ` (${by})` : ''}` : by ? `por ${by}` : '';
      lines.push(['Entró', when, where || (answer.pending ? 'en esta puerta' : '')].filter(Boolean).join(' '));
      return { title: 'Ya ha entrado', name, lines };
    }
    case 'otherSession': {
      const other = answer.otherSession;
      if (other)
        lines.push(`Es para ${other.eventTitle}, ${day(other.startDate)} a las ${other.startTime.slice(0, 5)}`);
      return { title: 'Entrada de otra sesión', name, lines };
    }
    case 'cancelled':
      lines.push('Su inscripción está cancelada');
      return { title: 'Inscripción cancelada', name, lines };
    case 'waiting':
      if (answer.queuePosition) lines.push(`Puesto ${answer.queuePosition} de la lista de espera`);
      return { title: 'En lista de espera', name, lines };
    default:
      if (answer.offline) lines.push('Sin conexión: no figura en la lista de esta sesión');
      return { title: 'Código desconocido', name, lines };
  }
}

/** The counts while offline: the last ones the server gave (or the list's), plus what is checked in here and not
 * yet sent. */
export function countsWithPending(
  server: AttendanceCounts | null,
  list: OfflineList | null,
  pending: readonly PendingScan[],
): AttendanceCounts | null {
  const base =
    server ??
    (list && {
      sessionId: list.sessionId,
      registered: list.entries.filter((e) => e.state === 'active').length,
      present: list.entries.filter((e) => e.state === 'active' && e.checkedInAt).length,
      expected: 0,
    });
  if (!base) return null;
  const present = Math.min(base.registered, base.present + pending.length);
  return { ...base, present, expected: Math.max(0, base.registered - present) };
}

/** The list after a check-in (true) or an undo (false) of one person, so the next offline scan knows. */
export function markCheckedIn(
  list: OfflineList,
  registrationId: number,
  checkedIn: { at: string; door: string | null; by?: string | null } | null,
): OfflineList {
  return {
    ...list,
    entries: list.entries.map((e) =>
      e.registrationId === registrationId
        ? {
            ...e,
            checkedInAt: checkedIn?.at ?? null,
            checkedInDoor: checkedIn?.door ?? null,
            checkedInBy: checkedIn?.by ?? null,
          }
        : e,
    ),
  };
}

/** Names in the downloaded list that contain every word typed (accents and case ignored): the offline search. */
export function searchList(list: OfflineList | null, query: string, limit = 10): OfflineListEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!list || !words.length) return [];
  return list.entries
    .filter((e) => {
      const name = fold(`${e.firstName} ${e.lastName}`);
      return words.every((w) => name.includes(w));
    })
    .slice(0, limit);
}

/** A person the door's search found. */
export interface FoundPerson {
  registrationId: number;
  firstName: string;
  lastName: string;
  checkedInAt: string | null;
}

/** The search's results: the server's first (by e-mail or DNI too, with fresher check-ins), then the names the
 * downloaded list found that the server didn't (accents ignored), at most `limit`. */
export function searchResults(
  local: readonly OfflineListEntry[],
  remote: readonly FoundPerson[],
  limit = 10,
): FoundPerson[] {
  const seen = new Set(remote.map((r) => r.registrationId));
  const fromList = local
    .filter((e) => !seen.has(e.registrationId))
    .map(({ registrationId, firstName, lastName, checkedInAt }) => ({
      registrationId,
      firstName,
      lastName,
      checkedInAt,
    }));
  return [...remote, ...fromList].slice(0, limit);
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A conflict reported on sync, as the screen says it. */
export function conflictText(conflict: SyncConflict, name: string | undefined, timeZone?: string): string {
  const who = name ?? `la inscripción ${conflict.registrationId}`;
  const kept = [conflict.keptDoor ? `por ${conflict.keptDoor}` : '', `a las ${clock(conflict.keptAt, timeZone)}`]
    .filter(Boolean)
    .join(' ');
  const rejected = [
    conflict.rejectedDoor ? `por ${conflict.rejectedDoor}` : 'aquí',
    `a las ${clock(conflict.rejectedAt, timeZone)}`,
  ].join(' ');
  return `${who} entró dos veces: ${kept} (se mantiene) y ${rejected}`;
}

export interface SessionChoiceLike {
  sessionId: number;
  /** Instants (ISO 8601): a session may end after midnight, so times of day can't be compared as text. */
  startsAt: string;
  endsAt: string;
  /** The event's zone: what 'today' means for its door. */
  timeZone: string;
}

/** The session the screen opens with: the first of those on now or today's not yet ended (in the event's zone),
 * else the last of today's, else the next one, else the first. */
export function firstSession<T extends SessionChoiceLike>(sessions: readonly T[], now: Date): T | undefined {
  const at = now.getTime();
  const sorted = [...sessions].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.sessionId - b.sessionId,
  );
  const today = (s: T) => {
    const date = zoneDate(now, s.timeZone);
    return zoneDate(new Date(s.startsAt), s.timeZone) === date || zoneDate(new Date(s.endsAt), s.timeZone) === date;
  };
  return (
    sorted.find((s) => Date.parse(s.endsAt) > at && (today(s) || Date.parse(s.startsAt) <= at)) ??
    sorted.filter(today).at(-1) ??
    sorted.find((s) => Date.parse(s.startsAt) > at) ??
    sorted[0]
  );
}

/** 'aaaa-mm-dd' of an instant in a time zone. */
function zoneDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
