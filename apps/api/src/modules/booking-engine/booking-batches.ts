import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, HOLD_DURATION_MINUTES, REGISTRATION_STATE, SETTING_KEYS } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { pgCode } from '../../database/pg-errors';
import { preparedQuery } from '../../database/prepared';
import { newRegistrationEmailsSql } from '../email/email-outbox';
import { WebhookOutbox, newRegistrationWebhooksSql, sessionEventWebhooksSql } from '../webhooks/webhook-outbox';
import { BookingEngine, Hold, NewAttendee, Placed, registrationRowsSql } from './booking-engine.service';
import { onlineCapacitySql } from './booking-rules';
import { Coalescer, Failed } from './coalescer';

interface HoldRequest {
  token: string;
  spots: number;
}

interface PlaceRequest {
  attendees: NewAttendee[];
  token: string;
  ip: string | null;
}

/** The session row locked (after `after`, a condition that makes the earlier locks run first), with its free online
 * seats on the counter (held spots count until reclaimed). Its values are the row's latest, whatever committed
 * while the statement waited for the lock. */
const lockedSessionSql = (extra: string, columns = '') => `l AS MATERIALIZED (
       SELECT s.id, ${onlineCapacitySql('s')} - s.online_registered - s.held_spots AS free ${columns}
         FROM event_sessions s
        WHERE s.id = $1 AND s.is_registration_open AND s.starts_at > now() ${extra}
          FOR NO KEY UPDATE OF s)`;

/** Concurrent bookings of one session decided together (docs/domain.md, "Bookings decided together"): the rush's
 * first holds, and public registrations that the one statement can seat, each batch in one statement that locks the
 * session row (for registrations after the callers' unexpired hold rows, the engine's order), admits the requests in arrival order while they fit on the counter (the first that doesn't ends the
 * batch's admissions), takes all their seats with one counter UPDATE and writes all their rows with one INSERT. Each
 * request gets the answer the engine's one-request statement would give it (BookingEngine.firstHold,
 * placePublicAtOnce): its hold or rows, or null for the careful way. A batch of one runs that one-request
 * statement; a batch that fails (a person or token twice, a deadlock, anything) is replayed request by request in their order
 * of arrival, so a request's error is its own. Across instances the session row still serialises the batches. */
@Injectable()
export class BookingBatches {
  private readonly logger = new Logger(BookingBatches.name);
  private readonly holds = new Coalescer<number, HoldRequest, Hold | null>((id, batch) => this.holdBatch(id, batch));
  private readonly placements = new Coalescer<number, PlaceRequest, Placed[] | null>((id, batch) =>
    this.placeBatch(id, batch),
  );

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly engine: BookingEngine,
    private readonly webhookOutbox: WebhookOutbox,
  ) {}

  /** A token's first hold on a session, decided with the others arriving meanwhile (BookingEngine.firstHold). */
  firstHold(sessionId: number, token: string, spots: number): Promise<Hold | null> {
    return this.holds.submit(sessionId, { token, spots });
  }

  /** A public registration in the common case, decided with the others arriving meanwhile, committed on its own
   * (BookingEngine.placePublicAtOnce outside a transaction): its rows, seated or (in a batch that found the seats
   * taken) queued, or null for the locked way. */
  placePublic(sessionId: number, attendees: NewAttendee[], token: string, ip: string | null): Promise<Placed[] | null> {
    return this.placements.submit(sessionId, { attendees, token, ip });
  }

  private async holdBatch(sessionId: number, batch: HoldRequest[]): Promise<(Hold | null | Failed)[]> {
    if (batch.length === 1) return [await this.engine.firstHold(sessionId, batch[0].token, batch[0].spots)];
    // A token twice in one batch: its later requests go the careful way, as a race of the token with itself does.
    const firsts = firstOfEachToken(batch);
    const requests = batch.filter((_, i) => firsts.has(i));
    let rows: (Hold & { token: string })[];
    try {
      rows = await preparedQuery<Hold & { token: string }>(
        this.ds,
        'holds.first-batch',
        `WITH q AS (SELECT * FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS q(token, spots, n)),
              ${lockedSessionSql('AND EXISTS (SELECT 1 FROM events e WHERE e.id = s.event_id AND e.status = $5)')},
              f AS (
                SELECT q.token, q.spots, q.n, sum(q.spots) OVER (ORDER BY q.n) AS running
                  FROM q
                 WHERE NOT EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = (SELECT id FROM l) AND h.token = q.token)),
              ok AS MATERIALIZED (
                SELECT f.* FROM f
                 WHERE f.n < coalesce((SELECT min(n) FROM f WHERE f.running > (SELECT free FROM l)), 2147483647)
                   AND EXISTS (SELECT 1 FROM l)),
              u AS (
                UPDATE event_sessions SET held_spots = held_spots + (SELECT sum(spots) FROM ok)
                 WHERE id = (SELECT id FROM l) AND EXISTS (SELECT 1 FROM ok)
                RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT u.id, ok.token, ok.spots, now() + make_interval(mins => coalesce((SELECT value::int FROM settings WHERE key = $4), $6))
           FROM u CROSS JOIN ok
         RETURNING token, id::text, expires_at AS "expiresAt"`,
        [
          sessionId,
          requests.map((r) => r.token),
          requests.map((r) => r.spots),
          SETTING_KEYS.ticketHoldDurationMinutes,
          EVENT_STATUS.Live,
          HOLD_DURATION_MINUTES.default,
        ],
      );
    } catch (error) {
      this.replaying('reservas', error);
      return oneByOne(batch, (r) => this.engine.firstHold(sessionId, r.token, r.spots));
    }
    const byToken = new Map(rows.map(({ token, ...hold }) => [token, hold]));
    return batch.map((r, i) => (firsts.has(i) ? (byToken.get(r.token) ?? null) : null));
  }

  private async placeBatch(sessionId: number, batch: PlaceRequest[]): Promise<(Placed[] | null | Failed)[]> {
    const one = async (r: PlaceRequest) => {
      const ids = await this.engine.placePublicAtOnce(this.ds, sessionId, r.attendees, r.token, r.ip);
      return ids && ids.map((id) => ({ id, queuePosition: null }));
    };
    if (batch.length === 1) return [await one(batch[0])];
    // A token twice in one batch would give its hold back twice: its later requests go the locked way.
    const firsts = firstOfEachToken(batch);
    const requests = batch.filter((_, i) => firsts.has(i));
    const people = requests.flatMap((r, i) => r.attendees.map((a) => ({ ...a, request: i + 1, ip: r.ip })));
    const ipOf = (rows: string) =>
      `(SELECT p.ip FROM unnest($7::text[], $12::text[]) AS p(email, ip) WHERE p.email = ${rows}.email)`;
    const rowsOf = (o: { rows: string; consents: string; state: string; queuePosition: string; admitted: string }) =>
      registrationRowsSql({
        session: 'u.id',
        state: o.state,
        usesReserved: 'false',
        source: '$10',
        queuePosition: o.queuePosition,
        people: 5,
        ip: ipOf(o.rows),
        after: 'u',
        requests: { array: '$11', admitted: o.admitted },
        names: { rows: o.rows, consents: o.consents },
      });
    let rows: { id: number; email: string; queue_position: number | null; hooks: number }[];
    try {
      rows = await preparedQuery(
        this.ds,
        'booking.batch',
        `WITH q AS (SELECT * FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS q(token, seats, n)),
              h AS MATERIALIZED (
                SELECT t.id, t.token, t.spots FROM ticket_holds t
                 WHERE t.session_id = $1 AND t.token = ANY($2::text[]) AND t.expires_at > now()
                 ORDER BY t.id
                   FOR UPDATE),
              ${lockedSessionSql(
                'AND (SELECT count(*) FROM h) >= 0',
                `, s.max_queue_spots - s.queue_count AS "queueRoom", s.queue_count AS queued,
                   NOT EXISTS (SELECT 1 FROM ticket_holds x WHERE x.session_id = s.id AND x.expires_at <= now()) AS exact`,
              )},
              need AS (
                SELECT q.n, q.token, q.seats, coalesce((SELECT sum(h.spots) FROM h WHERE h.token = q.token), 0)::int AS released
                  FROM q),
              f AS (SELECT need.*, sum(need.seats - need.released) OVER (ORDER BY need.n) AS running FROM need),
              seat_end AS (SELECT coalesce(min(n), 2147483647) AS n FROM f WHERE f.running > (SELECT free FROM l)),
              ok AS MATERIALIZED (
                SELECT f.* FROM f WHERE f.n < (SELECT n FROM seat_end) AND EXISTS (SELECT 1 FROM l)),
              rest AS (
                SELECT f.n, f.seats, f.released, sum(f.seats) OVER (ORDER BY f.n) AS waiting
                  FROM f WHERE f.n >= (SELECT n FROM seat_end)),
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
              ${rowsOf({ rows: 'r', consents: 'c', state: '$4', queuePosition: 'NULL::int', admitted: 'ok' })},
              ${rowsOf({
                rows: 'rq',
                consents: 'cq',
                state: '$16',
                queuePosition: '(SELECT queued FROM l) + (row_number() OVER (ORDER BY a.n))::int',
                admitted: 'qok',
              })},
              e AS (
                ${newRegistrationEmailsSql('r', '$1', '$13', 'NULL')}),
              eq AS (
                ${newRegistrationEmailsSql('rq', '$1', '$17', 'rq.queue_position')}),
              w AS (
                ${newRegistrationWebhooksSql('r', 'u', '$14', 'NULL')}),
              wq AS (
                ${newRegistrationWebhooksSql('rq', 'u', '$18', 'rq.queue_position')}),
              fw AS (
                ${sessionEventWebhooksSql('u', '$15', 's.filled')}),
              fq AS (
                ${sessionEventWebhooksSql('u', '$19', 's."queueFilled"')})
         SELECT x.id, x.email, x.queue_position,
                (SELECT count(*)::int FROM w) + (SELECT count(*)::int FROM wq) + (SELECT count(*)::int FROM fw) + (SELECT count(*)::int FROM fq) AS hooks
           FROM (SELECT id, email, queue_position FROM r UNION ALL SELECT id, email, queue_position FROM rq) x
          ORDER BY x.id`,
        [
          sessionId,
          requests.map((r) => r.token),
          requests.map((r) => r.attendees.length),
          REGISTRATION_STATE.Active,
          people.map((a) => a.firstName),
          people.map((a) => a.lastName),
          people.map((a) => a.email),
          people.map((a) => a.userTaxId),
          people.map((a) => a.telephoneNumber),
          'public',
          people.map((a) => a.request),
          people.map((a) => a.ip),
          'Registration',
          'registration.created',
          'session.full',
          REGISTRATION_STATE.Waiting,
          'Queue',
          'registration.queued',
          'session.waitinglist.full',
        ],
      );
    } catch (error) {
      this.replaying('inscripciones', error);
      return oneByOne(batch, one);
    }
    if (rows.length && rows[0].hooks > 0) this.webhookOutbox.kick();
    // Every person of an admitted request has a row; the e-mails are unique among them (the unique index).
    const placed = new Map(rows.map((row) => [row.email, { id: row.id, queuePosition: row.queue_position }]));
    return batch.map((r, i) => {
      if (!firsts.has(i) || !placed.has(r.attendees[0].email)) return null;
      return r.attendees.map((a) => placed.get(a.email)!);
    });
  }

  /** A failed batch is replayed request by request; a person or a token twice is expected, anything else is noted. */
  private replaying(what: string, error: unknown): void {
    const code = pgCode(error);
    if (code !== '23505') this.logger.warn(`Lote de ${what} repetido una a una (código ${code ?? 'desconocido'})`);
  }
}

/** A failed batch's requests, one after the other in their order of arrival, each with its own answer or error. */
async function oneByOne<I, R>(batch: I[], one: (input: I) => Promise<R>): Promise<(R | Failed)[]> {
  const results: (R | Failed)[] = [];
  for (const input of batch) results.push(await one(input).catch((error: unknown) => new Failed(error)));
  return results;
}

/** The index of the first request of each token in a batch. */
function firstOfEachToken(batch: { token: string }[]): Set<number> {
  const seen = new Set<string>();
  const firsts = new Set<number>();
  batch.forEach((r, i) => {
    if (seen.has(r.token)) return;
    seen.add(r.token);
    firsts.add(i);
  });
  return firsts;
}
