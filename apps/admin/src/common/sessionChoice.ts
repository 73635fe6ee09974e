import type { AdminEvent, Session } from '@evreg/contracts';

/** How the people screens (manual registration, waiting lists, blacklist) name and filter events and
 * sessions when staff pick one (docs/product.md §2, Manual registration). Pure: unit-tested in sessionChoice.spec.ts. */

type EventLike = Pick<AdminEvent, 'title' | 'city' | 'address'>;
type SessionLike = Pick<Session, 'startDate' | 'startTime' | 'endTime' | 'isAllDay'>;

const fold = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Case-insensitive (and accent-insensitive) match of the title, city or address. */
export function eventMatches(event: EventLike, query: string): boolean {
  const wanted = fold(query.trim());
  if (!wanted) return true;
  return [event.title, event.city, event.address].some((part) => fold(part).includes(wanted));
}

/** 'city - address', leaving out the part that is empty. */
export function eventPlace(event: EventLike): string {
  return [event.city, event.address]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' - ');
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' without going through a Date (no time-zone shift). */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'Fecha inválida';
}

/** 'HH:MM:SS' → 'HH:MM'. */
export function shortTime(time: string | null | undefined): string {
  return (time ?? '').slice(0, 5);
}

/** '05/03/2026 10:00 - 11:30', or '05/03/2026 (todo el día)'. */
export function sessionRange(session: SessionLike): string {
  const day = formatDay(session.startDate);
  return session.isAllDay
    ? `${day} (todo el día)`
    : `${day} ${shortTime(session.startTime)} - ${shortTime(session.endTime)}`;
}

/** Available spots, else 'Lista espera' when only the waiting list has room, else 'Completo' (docs/product.md §2). */
export function sessionAvailability(
  session: Pick<Session, 'availableSpots' | 'currentQueueCount' | 'maxQueueSpots'>,
): string {
  if (session.availableSpots > 0)
    return session.availableSpots === 1 ? '1 plaza disponible' : `${session.availableSpots} plazas disponibles`;
  if (session.currentQueueCount < session.maxQueueSpots) return 'Lista espera';
  return 'Completo';
}

/** The session search filters by the date as shown (and as stored), e.g. '05/03', '2026-03' or '05/03/2026'. */
export function sessionMatches(session: SessionLike, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return sessionRange(session).toLowerCase().includes(wanted) || session.startDate.includes(wanted);
}

/** Sessions by start, earliest first. */
export function byStart<T extends Pick<Session, 'startDate' | 'startTime' | 'id'>>(sessions: readonly T[]): T[] {
  return [...sessions].sort(
    (a, b) => `${a.startDate} ${a.startTime}`.localeCompare(`${b.startDate} ${b.startTime}`) || a.id - b.id,
  );
}
