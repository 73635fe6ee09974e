import { DEFAULT_VISITOR_LANGUAGE, type VisitorLanguage } from '@evreg/contracts';
import { Param, namedStatement } from '../../database/named-statement';
import { newRegistrationEmailsSql } from '../email/email-outbox';
import { newRegistrationWebhooksSql, sessionEventWebhooksSql } from '../webhooks/webhook-outbox';
import {
  PLACE_HOLDING_STATES_SQL,
  admittedPrefixSql,
  fitsOnlineSql,
  holdExpiredSql,
  holdExpirySql,
  holdLiveSql,
  holdMinutesSql,
  onlineCapacitySql,
} from './booking-rules';

/** The booking engine's composed statements, each built once with named parameters (NamedStatement): the text
 * every call sends, checked in under sql/ by booking-statements.spec.ts so a review reads the real statement. */

/** One person to register, validated. */
export interface NewAttendee {
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber: string | null;
  /** The language they booked in (the public page's Accept-Language); 'es' when not given. */
  language?: VisitorLanguage;
}

/** The six text-array parameters of the people a statement registers, one element per person. */
export interface PeopleParams {
  firstNames: string[];
  lastNames: string[];
  emails: string[];
  taxIds: string[];
  phones: (string | null)[];
  languages: string[];
}

export function peopleValues(people: NewAttendee[]): PeopleParams {
  return {
    firstNames: people.map((a) => a.firstName),
    lastNames: people.map((a) => a.lastName),
    emails: people.map((a) => a.email),
    taxIds: people.map((a) => a.userTaxId),
    phones: people.map((a) => a.telephoneNumber),
    languages: people.map((a) => a.language ?? DEFAULT_VISITOR_LANGUAGE),
  };
}

/** Who of these people (e-mails and tax IDs, text[] parameters) is already active or waiting in the session: a
 * SELECT of email, user_tax_id. Its state predicate matches the partial unique indexes. */
export function peopleAlreadyInSql(session: string, emails: string, taxIds: string): string {
  return `SELECT email, user_tax_id FROM registrations WHERE session_id = ${session} AND state IN (${PLACE_HOLDING_STATES_SQL}) AND (email = ANY(${emails}) OR user_tax_id = ANY(${taxIds}))`;
}

/** The CTEs `r`, the people's registration rows in the order given, and `c`, their privacy-policy consents: the one
 * way every placement writes them. The options are SQL: the session's id, the state, uses_reserved_spot, source and
 * queue_position (an expression over the person `a`, may be a window function); `people` the statement's parameter
 * `p`, whose PeopleParams are the people; `ip` the consent's address (an expression over the rows, by their CTE's
 * name); `after` a relation the rows hang on (the gate's RETURNING: no row there, no registration); `requests`, for
 * bookings decided together, an int-array parameter giving each person's request (1-based) and the relation of the
 * admitted ones (their column `n`); `names` other names for the two CTEs, when a statement writes two sets of rows;
 * `holder` the holder's id of the first person (a companion queued on their own after the holder's row). */
export function registrationRowsSql(o: {
  session: string;
  state: string;
  usesReserved: string;
  source: string;
  queuePosition: string;
  people: Param<PeopleParams>;
  ip: string;
  after?: string;
  requests?: { array: string; admitted: string };
  names?: { rows: string; consents: string };
  holder?: string;
}): string {
  const p = o.people;
  const arrays = [p('firstNames'), p('lastNames'), p('emails'), p('taxIds'), p('phones'), p('languages')].map(
    (ref) => `${ref}::text[]`,
  );
  if (o.requests) arrays.push(`${o.requests.array}::int[]`);
  const { rows, consents } = o.names ?? { rows: 'r', consents: 'c' };
  const people = `${rows}_people`;
  // Each row's id is drawn first, so a companion's row can name its holder's (the first person of its request) in
  // the same INSERT: docs/domain.md, "Tickets".
  const sameRequest = o.requests ? 'AND h.request = a.request' : '';
  return `${people} AS MATERIALIZED (
      SELECT a.*, nextval('registrations_id_seq'::regclass)::int AS id, (${o.session})::int AS session_id,
             (${o.state})::smallint AS state, (${o.usesReserved})::boolean AS uses_reserved_spot,
             (${o.source})::varchar AS source, (${o.queuePosition})::int AS queue_position
        FROM ${o.after ? `${o.after} CROSS JOIN ` : ''}unnest(${arrays.join(', ')}) WITH ORDINALITY
             AS a(first_name, last_name, email, user_tax_id, telephone_number, language${o.requests ? ', request' : ''}, n)
       ${o.requests ? `WHERE a.request IN (SELECT n FROM ${o.requests.admitted})` : ''}
       ORDER BY a.n),
    ${rows} AS (
      INSERT INTO registrations (id, session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position, holder_registration_id, language)
      SELECT a.id, a.session_id, a.state, a.first_name, a.last_name, a.email, a.user_tax_id, a.telephone_number, a.uses_reserved_spot, a.source, a.queue_position,
             coalesce((SELECT h.id FROM ${people} h WHERE h.n < a.n ${sameRequest} ORDER BY h.n LIMIT 1), ${o.holder ?? 'NULL::int'}),
             a.language
        FROM ${people} a
       ORDER BY a.n
      RETURNING id, email, first_name, last_name, user_tax_id, queue_position, state, version),
    ${consents} AS (
      INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
      SELECT id, email, 'PrivacyPolicy', true, ${o.ip} FROM ${rows})`;
}

/** The session row locked (after `after`, a condition that makes the earlier locks run first), with its free online
 * seats on the counter (held spots count until reclaimed). Its values are the row's latest, whatever committed
 * while the statement waited for the lock. */
function lockedSessionSql(session: string, after: string, columns = ''): string {
  return `l AS MATERIALIZED (
       SELECT s.id, ${onlineCapacitySql('s')} - s.online_registered - s.held_spots AS free ${columns}
         FROM event_sessions s
        WHERE s.id = ${session} AND s.is_registration_open AND s.starts_at > now() ${after}
          FOR NO KEY UPDATE OF s)`;
}

/** The parameters that make a new hold's deadline from the settings. */
interface HoldMinutesParams {
  minutesKey: string;
  defaultMinutes: number;
}

const settingsHoldExpiry = (p: Param<HoldMinutesParams>) =>
  holdExpirySql(holdMinutesSql(p('minutesKey'), p('defaultMinutes')));

export interface FirstHoldParams extends HoldMinutesParams {
  session: number;
  token: string;
  spots: number;
  live: number;
}

/** BookingEngine.firstHold: a token's first hold on a session of a Live event, open and not started, with room on
 * the counter, in one statement. */
export const FIRST_HOLD = namedStatement<FirstHoldParams>(
  'holds.first',
  (p) => `WITH s AS (
           UPDATE event_sessions SET held_spots = held_spots + ${p('spots')}
            WHERE id = ${p('session')} AND is_registration_open AND starts_at > now()
              AND EXISTS (SELECT 1 FROM events e WHERE e.id = event_id AND e.status = ${p('live')})
              AND NOT EXISTS (SELECT 1 FROM ticket_holds WHERE session_id = ${p('session')} AND token = ${p('token')})
              AND ${fitsOnlineSql('', `+ ${p('spots')}`)}
           RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT id, ${p('token')}, ${p('spots')}, ${settingsHoldExpiry(p)} FROM s
         RETURNING id::text, expires_at AS "expiresAt"`,
);

export interface HoldParams {
  session: number;
  token: string;
  spots: number;
  previousSpots: number;
  minutes: number;
}

/** The gate of BookingEngine.hold: the counter takes the new spots less the token's earlier hold's if they fit. */
const holdGateSql = (p: Param<HoldParams>) => `WITH s AS (
             UPDATE event_sessions SET held_spots = held_spots - ${p('previousSpots')} + ${p('spots')}
              WHERE id = ${p('session')} AND is_registration_open AND starts_at > now()
                AND ${fitsOnlineSql('', `- ${p('previousSpots')} + ${p('spots')}`)}
             RETURNING id)`;

/** BookingEngine.hold, a token's first hold on the session (run unprepared, as its replacement twin). */
export const NEW_HOLD = namedStatement<HoldParams>(
  'holds.new',
  (p) => `${holdGateSql(p)}
           INSERT INTO ticket_holds (session_id, token, spots, expires_at)
           SELECT ${p('session')}, ${p('token')}, ${p('spots')}, ${holdExpirySql(p('minutes'))} FROM s RETURNING id::text, expires_at AS "expiresAt"`,
);

/** BookingEngine.hold replacing the token's hold `hold` (locked): an unexpired one keeps its deadline. */
export const REPLACE_HOLD = namedStatement<HoldParams & { hold: string | number }>(
  'holds.replace',
  (p) => `${holdGateSql(p)}
           UPDATE ticket_holds SET spots = ${p('spots')},
                  expires_at = CASE WHEN ${holdLiveSql()} THEN expires_at ELSE ${holdExpirySql(p('minutes'))} END,
                  created_at = CASE WHEN ${holdLiveSql()} THEN created_at ELSE now() END
            WHERE id = ${p('hold')} AND session_id = ${p('session')} AND token = ${p('token')} AND EXISTS (SELECT 1 FROM s) RETURNING id::text, expires_at AS "expiresAt"`,
);

export interface FirstHoldBatchParams extends HoldMinutesParams {
  session: number;
  tokens: string[];
  spots: number[];
  live: number;
}

/** BookingBatches' first holds of a session decided together: the session locked, the tokens without a hold
 * there admitted in arrival order while they fit (admittedPrefixSql), their holds written. */
export const FIRST_HOLD_BATCH = namedStatement<FirstHoldBatchParams>(
  'holds.first-batch',
  (
    p,
  ) => `WITH q AS (SELECT * FROM unnest(${p('tokens')}::text[], ${p('spots')}::int[]) WITH ORDINALITY AS q(token, spots, n)),
              ${lockedSessionSql(p('session'), `AND EXISTS (SELECT 1 FROM events e WHERE e.id = s.event_id AND e.status = ${p('live')})`)},
              need AS (
                SELECT q.token, q.spots, q.n, q.spots AS need
                  FROM q
                 WHERE NOT EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = (SELECT id FROM l) AND h.token = q.token)),
              f AS (${admittedPrefixSql('need', '(SELECT free FROM l)')}),
              ok AS MATERIALIZED (SELECT f.* FROM f WHERE f.admitted),
              u AS (
                UPDATE event_sessions SET held_spots = held_spots + (SELECT sum(spots) FROM ok)
                 WHERE id = (SELECT id FROM l) AND EXISTS (SELECT 1 FROM ok)
                RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT u.id, ok.token, ok.spots, ${settingsHoldExpiry(p)}
           FROM u CROSS JOIN ok
         RETURNING token, id::text, expires_at AS "expiresAt"`,
);

export interface InsertRegistrationsParams extends PeopleParams {
  session: number;
  state: number;
  usesReserved: boolean;
  source: 'public' | 'admin';
  queuePosition: number | null;
  ip: string | null;
  emailType: string;
  webhookType: string;
  holder: number | null;
}

/** BookingEngine.insertRegistrations: the rows with their consents, e-mails and webhook deliveries. */
export const INSERT_REGISTRATIONS = namedStatement<InsertRegistrationsParams>(
  'booking.insert',
  (
    p,
  ) => `WITH ${registrationRowsSql({ session: p('session'), state: p('state'), usesReserved: p('usesReserved'), source: p('source'), queuePosition: p('queuePosition'), people: p, ip: p('ip'), holder: `${p('holder')}::int` })},
       e AS (
         ${newRegistrationEmailsSql('r', p('session'), p('emailType'), p('queuePosition'))}),
       w AS (
         ${newRegistrationWebhooksSql('r', `(SELECT * FROM event_sessions WHERE id = ${p('session')})`, p('webhookType'), p('queuePosition'))})
       SELECT id, (SELECT count(*)::int FROM w) AS hooks FROM r ORDER BY id`,
);

/** BookingEngine.peopleAlreadyIn. */
export const PEOPLE_ALREADY_IN = namedStatement<{ session: number; emails: string[]; taxIds: string[] }>(
  'booking.people-already-in',
  (p) => peopleAlreadyInSql(p('session'), p('emails'), p('taxIds')),
);

export interface PlaceAtOnceParams extends PeopleParams {
  session: number;
  token: string;
  seats: number;
  active: number;
  source: 'public';
  ip: string | null;
  emailType: string;
  webhookType: string;
  fullType: string;
}

/** BookingEngine.placePublicAtOnce: a public registration's common case in one statement. */
export const PLACE_AT_ONCE = namedStatement<PlaceAtOnceParams>(
  'booking.at-once',
  (
    p,
  ) => `WITH h AS MATERIALIZED (SELECT id, spots FROM ticket_holds WHERE session_id = ${p('session')} AND token = ${p('token')} AND ${holdLiveSql()} FOR UPDATE),
            released AS (SELECT coalesce(sum(spots), 0)::int AS spots FROM h),
            u AS (
              UPDATE event_sessions s
                 SET held_spots = s.held_spots - released.spots, online_registered = s.online_registered + ${p('seats')}
                FROM released
               WHERE s.id = ${p('session')} AND s.is_registration_open AND s.starts_at > now()
                 AND ${fitsOnlineSql('s', `- released.spots + ${p('seats')}`)}
              RETURNING s.*, s.online_registered >= ${onlineCapacitySql('s')} AS filled),
            d AS (DELETE FROM ticket_holds WHERE id IN (SELECT id FROM h) AND EXISTS (SELECT 1 FROM u)),
            ${registrationRowsSql({ session: 'u.id', state: p('active'), usesReserved: 'false', source: p('source'), queuePosition: 'NULL', people: p, ip: p('ip'), after: 'u' })},
            e AS (
              ${newRegistrationEmailsSql('r', p('session'), p('emailType'), 'NULL')}),
            w AS (
              ${newRegistrationWebhooksSql('r', 'u', p('webhookType'), 'NULL')}),
            f AS (
              ${sessionEventWebhooksSql('u', p('fullType'), 's.filled')})
       SELECT id, (SELECT count(*)::int FROM w) + (SELECT count(*)::int FROM f) AS hooks FROM r ORDER BY id`,
);

export interface PlaceBatchParams extends PeopleParams {
  session: number;
  tokens: string[];
  seats: number[];
  requests: number[];
  ips: (string | null)[];
  source: 'public';
  active: number;
  waiting: number;
  emailType: string;
  webhookType: string;
  fullType: string;
  queueEmailType: string;
  queueWebhookType: string;
  queueFullType: string;
}

/** BookingBatches' public registrations of a session decided together: the callers' unexpired holds locked, then
 * the session; the requests admitted in arrival order while they fit on the counter (admittedPrefixSql), and, when
 * the admitted ones took the exact last seats, the next ones onto the waiting list while it has room; all their
 * rows, messages and counters written in this one statement. */
export const PLACE_BATCH = namedStatement<PlaceBatchParams>('booking.batch', (p) => {
  const ipOf = (rows: string) =>
    `(SELECT x.ip FROM unnest(${p('emails')}::text[], ${p('ips')}::text[]) AS x(email, ip) WHERE x.email = ${rows}.email)`;
  const rowsOf = (o: { rows: string; consents: string; state: string; queuePosition: string; admitted: string }) =>
    registrationRowsSql({
      session: 'u.id',
      state: o.state,
      usesReserved: 'false',
      source: p('source'),
      queuePosition: o.queuePosition,
      people: p,
      ip: ipOf(o.rows),
      after: 'u',
      requests: { array: p('requests'), admitted: o.admitted },
      names: { rows: o.rows, consents: o.consents },
    });
  return `WITH q AS (SELECT * FROM unnest(${p('tokens')}::text[], ${p('seats')}::int[]) WITH ORDINALITY AS q(token, seats, n)),
              h AS MATERIALIZED (
                SELECT t.id, t.token, t.spots FROM ticket_holds t
                 WHERE t.session_id = ${p('session')} AND t.token = ANY(${p('tokens')}::text[]) AND ${holdLiveSql('t')}
                 ORDER BY t.id
                   FOR UPDATE),
              ${lockedSessionSql(
                p('session'),
                'AND (SELECT count(*) FROM h) >= 0',
                `, s.max_queue_spots - s.queue_count AS "queueRoom", s.queue_count AS queued,
                   NOT EXISTS (SELECT 1 FROM ticket_holds x WHERE x.session_id = s.id AND ${holdExpiredSql('x')}) AS exact`,
              )},
              need AS (
                SELECT b.*, b.seats - b.released AS need FROM (
                  SELECT q.n, q.token, q.seats, coalesce((SELECT sum(h.spots) FROM h WHERE h.token = q.token), 0)::int AS released
                    FROM q) b),
              f AS (${admittedPrefixSql('need', '(SELECT free FROM l)')}),
              ok AS MATERIALIZED (SELECT f.* FROM f WHERE f.admitted),
              rest AS (
                SELECT f.n, f.seats, f.released, sum(f.seats) OVER (ORDER BY f.n) AS waiting
                  FROM f WHERE NOT f.admitted),
              queue_end AS (
                SELECT coalesce(min(n), 2147483647) AS n FROM rest
                 WHERE rest.released > 0 OR rest.waiting > (SELECT "queueRoom" FROM l)),
              qok AS MATERIALIZED (
                SELECT rest.* FROM rest, l
                 WHERE rest.n < (SELECT n FROM queue_end) AND l.exact
                   AND l.free = coalesce((SELECT running FROM ok ORDER BY n DESC LIMIT 1), 0)),
              u AS (
                UPDATE event_sessions s
                   SET held_spots = s.held_spots - coalesce((SELECT sum(released) FROM ok), 0),
                       online_registered = s.online_registered + coalesce((SELECT sum(seats) FROM ok), 0),
                       queue_count = s.queue_count + coalesce((SELECT sum(seats) FROM qok), 0)
                 WHERE s.id = (SELECT id FROM l) AND (EXISTS (SELECT 1 FROM ok) OR EXISTS (SELECT 1 FROM qok))
                RETURNING s.*,
                          EXISTS (SELECT 1 FROM ok) AND s.online_registered >= ${onlineCapacitySql('s')} AS filled,
                          EXISTS (SELECT 1 FROM qok) AND s.queue_count >= s.max_queue_spots AS "queueFilled"),
              d AS (
                DELETE FROM ticket_holds
                 WHERE id IN (SELECT h.id FROM h JOIN ok ON ok.token = h.token) AND EXISTS (SELECT 1 FROM u)),
              ${rowsOf({ rows: 'r', consents: 'c', state: p('active'), queuePosition: 'NULL::int', admitted: 'ok' })},
              ${rowsOf({
                rows: 'rq',
                consents: 'cq',
                state: p('waiting'),
                queuePosition: '(SELECT queued FROM l) + (row_number() OVER (ORDER BY a.n))::int',
                admitted: 'qok',
              })},
              e AS (
                ${newRegistrationEmailsSql('r', p('session'), p('emailType'), 'NULL')}),
              eq AS (
                ${newRegistrationEmailsSql('rq', p('session'), p('queueEmailType'), 'rq.queue_position')}),
              w AS (
                ${newRegistrationWebhooksSql('r', 'u', p('webhookType'), 'NULL')}),
              wq AS (
                ${newRegistrationWebhooksSql('rq', 'u', p('queueWebhookType'), 'rq.queue_position')}),
              fw AS (
                ${sessionEventWebhooksSql('u', p('fullType'), 's.filled')}),
              fq AS (
                ${sessionEventWebhooksSql('u', p('queueFullType'), 's."queueFilled"')})
         SELECT x.id, x.email, x.queue_position,
                (SELECT count(*)::int FROM w) + (SELECT count(*)::int FROM wq) + (SELECT count(*)::int FROM fw) + (SELECT count(*)::int FROM fq) AS hooks
           FROM (SELECT id, email, queue_position FROM r UNION ALL SELECT id, email, queue_position FROM rq) x
          ORDER BY x.id`;
});

/** Every statement above, for the checked-in copies under sql/. */
export const BOOKING_STATEMENTS: { name: string; text: string }[] = [
  FIRST_HOLD,
  NEW_HOLD,
  REPLACE_HOLD,
  FIRST_HOLD_BATCH,
  INSERT_REGISTRATIONS,
  PEOPLE_ALREADY_IN,
  PLACE_AT_ONCE,
  PLACE_BATCH,
];
