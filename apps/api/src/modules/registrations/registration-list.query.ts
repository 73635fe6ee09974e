import {
  REGISTRATION_STATE,
  type RegistrationListFilter,
  type RegistrationListState,
  type RegistrationSort,
  parseBookingReference,
} from '@evreg/contracts';
import { orderBy } from '../../common/http/sorted-page-query';
import { peopleSearchSql, registrationPersonText, searchWords, unaccentedMatch } from '../../database/people-search';

const STATE_OF: Record<RegistrationListState, number> = {
  active: REGISTRATION_STATE.Active,
  waiting: REGISTRATION_STATE.Waiting,
  cancelled: REGISTRATION_STATE.Cancelled,
};

/** The sortable columns as SQL (aliases r, s, e); text without case, as the RegistrationListIndexes migration
 * indexes them. */
const SORT_SQL: Record<RegistrationSort, string> = {
  registeredAt: 'r.registered_at',
  lastName: 'lower(r.last_name)',
  email: 'lower(r.email)',
  eventTitle: 'lower(e.title)',
  sessionDate: 's.starts_at',
  status: 'r.state',
};

/** The FROM of the staff search: each registration (any state) with its session and event. */
export const REGISTRATION_LIST_FROM = `FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id`;

/** The staff search's filters as a WHERE on aliases r, s, e with its parameters ($1..$n). The text search is the
 * people search's rule (every word, in names, e-mail, DNI/NIE, phone or the event's title, without case or accents:
 * database/people-search.ts), or a booking reference as the person quotes it. A
 * date is a whole day in Europe/Madrid. Every state unless `state` says which (active, waiting or cancelled). */
export function registrationListWhere(filter: RegistrationListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.state) conditions.push(`r.state = ${param(STATE_OF[filter.state])}`);
  if (filter.eventId !== undefined) conditions.push(`s.event_id = ${param(filter.eventId)}`);
  if (filter.sessionId !== undefined) conditions.push(`r.session_id = ${param(filter.sessionId)}`);
  if (filter.registeredFrom)
    conditions.push(`r.registered_at >= ${param(filter.registeredFrom)}::date::timestamp AT TIME ZONE 'Europe/Madrid'`);
  if (filter.registeredTo)
    conditions.push(
      `r.registered_at < (${param(filter.registeredTo)}::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'`,
    );
  const words = searchWords(filter.search);
  if (words.length) {
    // An event's title is matched on the few events, then its sessions by the registrations' session index: an OR
    // the planner can serve with both indexes (a join's column in it would read every registration).
    const people = peopleSearchSql(
      registrationPersonText('r'),
      words,
      param,
      (pattern) =>
        `r.session_id = ANY(ARRAY(SELECT ts.id FROM event_sessions ts JOIN events te ON te.id = ts.event_id WHERE ${unaccentedMatch('te.title', pattern)}))`,
    );
    const referenced = parseBookingReference(filter.search!);
    conditions.push(referenced !== null ? `(${people} OR r.id = ${param(referenced)})` : people);
  }
  return { where: conditions.length ? conditions.join(' AND ') : 'true', params };
}

/** The order: the column asked for (ascending unless `order`), else newest registration first; the id breaks ties
 * so no row appears on two pages. */
export function registrationListOrder(filter: RegistrationListFilter): string {
  return filter.sort
    ? orderBy(SORT_SQL, filter.sort, filter.order, 'r.id')
    : orderBy(SORT_SQL, 'registeredAt', filter.order ?? 'desc', 'r.id');
}
