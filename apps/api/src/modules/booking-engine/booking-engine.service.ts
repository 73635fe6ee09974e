import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, HOLD_DURATION_MINUTES, REGISTRATION_STATE, SETTING_KEYS } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../../database/pg-errors';
import { preparedQuery } from '../../database/prepared';
import { EmailOutbox, newRegistrationEmailsSql } from '../email/email-outbox';
import { SmsOutbox } from '../sms/sms-outbox.module';
import { WebhookOutbox, newRegistrationWebhooksSql, sessionEventWebhooksSql } from '../webhooks/webhook-outbox';
import {
  Allocation,
  BookingRefusal,
  PLACE_HOLDING_STATES_SQL,
  SessionCounters,
  allocate,
  bookingStateProblem,
  fitsOnlineSql,
  freeOnlineSpots,
  hasFreeReservedSpot,
  manualPromotionSpot,
  onlineCapacity,
  onlineCapacitySql,
  promotableCount,
} from './booking-rules';

const { Active, Cancelled, Waiting } = REGISTRATION_STATE;

/** The session row as the booking engine needs it, read under a row lock so every decision is taken on
 * counts nobody else can change until this transaction ends. */
export interface LockedSession extends SessionCounters {
  id: number;
  eventId: number;
  eventTitle: string;
  eventStatus: number;
  isRegistrationOpen: boolean;
  started: boolean;
  /** Spots of expired holds deleted when the lock was taken. */
  reclaimedSpots: number;
}

/** A registration row as giving back its place needs it. */
export interface PlacedRow {
  id: number;
  state: number;
  usesReservedSpot: boolean;
  queuePosition: number | null;
}

/** One person to register, validated. */
export interface NewAttendee {
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber: string | null;
}

export interface Placed {
  id: number;
  queuePosition: number | null;
}

export interface Hold {
  id: string;
  expiresAt: Date;
}

/** Who of these people (e-mails and tax IDs, text[] parameters) is already active or waiting in the session: a
 * SELECT of email, user_tax_id. Its state predicate matches the partial unique indexes. */
export function peopleAlreadyInSql(session: string, emails: string, taxIds: string): string {
  return `SELECT email, user_tax_id FROM registrations WHERE session_id = ${session} AND state IN (${PLACE_HOLDING_STATES_SQL}) AND (email = ANY(${emails}) OR user_tax_id = ANY(${taxIds}))`;
}

/** The only writer of the session counters (online_registered, reserved_registered, held_spots, queue_count)
 * and of the registrations' state and queue positions. Every method that takes an EntityManager runs in the
 * caller's transaction; those that change a session want it locked first (lockSession), the engine's lock
 * order: the session row, then registration rows. The fast paths are single statements (named prepared
 * statements on a real server). Rules: booking-rules.ts; design: docs/domain.md "Why this transaction design". */
@Injectable()
export class BookingEngine {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly emailOutbox: EmailOutbox,
    private readonly smsOutbox: SmsOutbox,
    private readonly webhookOutbox: WebhookOutbox,
  ) {}

  // ---- The session lock and holds ----

  /** Locks the session row (FOR NO KEY UPDATE: the same lock an UPDATE of its counters takes, and one that
   * doesn't conflict with the KEY SHARE locks that inserting registrations or holds take on it through their
   * foreign key; FOR UPDATE would, and two bookings would deadlock), then reclaims its expired holds (they
   * stopped counting at expiresAt; here they stop taking room in the counter too). Null when the session
   * doesn't exist. */
  async lockSession(m: EntityManager, sessionId: number): Promise<LockedSession | null> {
    const [row] = await m.query(
      `SELECT s.id, s.event_id AS "eventId", e.title AS "eventTitle", e.status AS "eventStatus",
              s.max_attendees AS "maxAttendees", s.reserved_spots AS "reservedSpots", s.max_queue_spots AS "maxQueueSpots",
              s.online_registered AS "onlineRegistered", s.reserved_registered AS "reservedRegistered",
              s.held_spots AS "heldSpots", s.queue_count AS "queueCount",
              s.is_promotion_locked AS "isPromotionLocked", s.is_registration_open AS "isRegistrationOpen",
              s.starts_at <= now() AS started
         FROM event_sessions s JOIN events e ON e.id = s.event_id
        WHERE s.id = $1
          FOR NO KEY UPDATE OF s`,
      [sessionId],
    );
    if (!row) return null;
    const session = { ...row, reclaimedSpots: 0 } as LockedSession;
    // session.spots_available is decided at the commit for a session locked full (WebhookOutbox).
    if (session.onlineRegistered >= onlineCapacity(session)) this.webhookOutbox.noteFullWhenLocked(m, session.id);
    session.reclaimedSpots = await this.reclaimExpiredHolds(m, session);
    return session;
  }

  /** Deletes the locked session's expired holds and gives their spots back; answers the spots. */
  reclaimExpiredHolds(m: EntityManager, session: LockedSession): Promise<number> {
    return this.deleteHolds(m, session, `expires_at <= now()`, []);
  }

  /** The one place holds are deleted with their spots given back: the locked session's holds matching
   * `condition` (SQL over ticket_holds, its parameters from $2). Answers the spots given back. */
  private async deleteHolds(
    m: EntityManager,
    session: LockedSession,
    condition: string,
    params: unknown[],
  ): Promise<number> {
    const [row] = await m.query(
      `WITH d AS (DELETE FROM ticket_holds WHERE session_id = $1 AND ${condition} RETURNING spots)
       SELECT coalesce(sum(spots), 0)::int AS spots FROM d`,
      [session.id, ...params],
    );
    await this.giveBackHeldSpots(m, session, row.spots);
    return row.spots;
  }

  /** Takes spots of deleted hold rows off the locked session's held_spots counter. */
  private async giveBackHeldSpots(m: EntityManager, session: LockedSession, spots: number): Promise<void> {
    if (spots <= 0) return;
    await m.query(`UPDATE event_sessions SET held_spots = held_spots - $2 WHERE id = $1`, [session.id, spots]);
    session.heldSpots -= spots;
  }

  /** In its own transaction: deletes the session's holds matching `condition` (over ticket_holds, parameters
   * from $2) under the session lock, gives the spots back and promotes from the waiting list if that (or the
   * expired holds reclaimed with the lock) freed an online spot. Answers the spots freed; kicks the e-mail
   * sender after the commit when there were any. */
  async releaseHolds(sessionId: number, condition: string, params: unknown[]): Promise<number> {
    const released = await this.ds.transaction(async (m) => {
      const session = await this.lockSession(m, sessionId);
      if (!session) return 0;
      const freed = (await this.deleteHolds(m, session, condition, params)) + session.reclaimedSpots;
      if (freed > 0) await this.promoteWaiting(m, session);
      return freed;
    });
    // Promotion e-mails recorded with the release.
    if (released > 0) this.emailOutbox.kick();
    return released;
  }

  /** In its own transaction: the session's expired holds deleted and their spots given back (then promotion),
   * as releaseHolds does. For the sweep and for a hold refused on a counter that expired holds filled. */
  releaseExpiredHolds(sessionId: number): Promise<number> {
    return this.releaseHolds(sessionId, `expires_at <= now()`, []);
  }

  /** The rush's common case in one statement and one round trip: a token's first hold on a session of a Live
   * event, open and not started, with room on the counter. Anything else (a replacement, a refusal, a race of
   * the token with itself) answers null. */
  async firstHold(sessionId: number, token: string, spots: number): Promise<Hold | null> {
    try {
      const [row] = await preparedQuery<Hold>(
        this.ds,
        'holds.first',
        `WITH s AS (
           UPDATE event_sessions SET held_spots = held_spots + $3
            WHERE id = $1 AND is_registration_open AND starts_at > now()
              AND EXISTS (SELECT 1 FROM events e WHERE e.id = event_id AND e.status = $5)
              AND NOT EXISTS (SELECT 1 FROM ticket_holds WHERE session_id = $1 AND token = $2)
              AND ${fitsOnlineSql('', '+ $3')}
           RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT id, $2, $3, now() + make_interval(mins => coalesce((SELECT value::int FROM settings WHERE key = $4), $6)) FROM s
         RETURNING id::text, expires_at AS "expiresAt"`,
        [
          sessionId,
          token,
          spots,
          SETTING_KEYS.ticketHoldDurationMinutes,
          EVENT_STATUS.Live,
          HOLD_DURATION_MINUTES.default,
        ],
      );
      return row ?? null;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** One UPDATE on the session row admits the hold if online registrations plus held spots stay within online
   * capacity, and writes the hold in the same statement; the row lock lasts that statement and the commit.
   * A token's earlier hold on the session is locked first (FOR UPDATE) so a replacement subtracts exactly
   * what it replaces. A replacement of an unexpired hold keeps its expires_at (and created_at): asking again
   * never stretches the deadline, only the spots may change; an expired one not yet deleted starts afresh.
   * Answers null when the counter says there is no room. */
  async hold(sessionId: number, token: string, spots: number, minutes: number): Promise<Hold | null> {
    const run = () =>
      this.ds.transaction(async (m) => {
        const [existing] = await m.query(
          `SELECT id, spots FROM ticket_holds WHERE session_id = $1 AND token = $2 FOR UPDATE`,
          [sessionId, token],
        );
        const write = existing
          ? `UPDATE ticket_holds SET spots = $3,
                    expires_at = CASE WHEN expires_at > now() THEN expires_at ELSE now() + make_interval(mins => $5) END,
                    created_at = CASE WHEN expires_at > now() THEN created_at ELSE now() END
              WHERE id = $6 AND session_id = $1 AND token = $2 AND EXISTS (SELECT 1 FROM s) RETURNING id::text, expires_at AS "expiresAt"`
          : `INSERT INTO ticket_holds (session_id, token, spots, expires_at)
             SELECT $1, $2, $3, now() + make_interval(mins => $5) FROM s RETURNING id::text, expires_at AS "expiresAt"`;
        const result = await m.query(
          `WITH s AS (
             UPDATE event_sessions SET held_spots = held_spots - $4 + $3
              WHERE id = $1 AND is_registration_open AND starts_at > now()
                AND ${fitsOnlineSql('', '- $4 + $3')}
             RETURNING id)
           ${write}`,
          [sessionId, token, spots, existing?.spots ?? 0, minutes, ...(existing ? [existing.id] : [])],
        );
        // TypeORM answers an UPDATE with [rows, affected] and an INSERT with rows.
        const rows = (existing ? result[0] : result) as Hold[];
        return rows[0] ?? null;
      });
    try {
      return await run();
    } catch (error) {
      // The same token racing itself for its first hold on this session: the unique index let one through.
      if (!isUniqueViolation(error)) throw error;
      return run();
    }
  }

  // ---- Registrations ----

  /** Inserts the registrations with their consents, their e-mail (Registration, or Queue with the position) and
   * their webhook deliveries (registration.created or .queued; none without an active webhook) in one statement,
   * before any lock: the unique indexes refuse a duplicate person there. */
  async insertRegistrations(
    m: EntityManager,
    sessionId: number,
    attendees: NewAttendee[],
    options: {
      source: 'public' | 'admin';
      usesReserved: boolean;
      ip: string | null;
      queuePosition?: number;
      /** The holder of the first of these people (a companion queued on their own after the holder's row). */
      holderId?: number;
    },
  ): Promise<number[]> {
    const rows = await preparedQuery<{ id: number; hooks: number }>(
      m,
      'booking.insert',
      `WITH ${registrationRowsSql({ session: '$1', state: '$2', usesReserved: '$3', source: '$4', queuePosition: '$5', people: 6, ip: '$11', holder: '$14::int' })},
       e AS (
         ${newRegistrationEmailsSql('r', '$1', '$12', '$5')}),
       w AS (
         ${newRegistrationWebhooksSql('r', '(SELECT * FROM event_sessions WHERE id = $1)', '$13', '$5')})
       SELECT id, (SELECT count(*)::int FROM w) AS hooks FROM r ORDER BY id`,
      [
        sessionId,
        options.queuePosition ? Waiting : Active,
        options.usesReserved,
        options.source,
        options.queuePosition ?? null,
        attendees.map((a) => a.firstName),
        attendees.map((a) => a.lastName),
        attendees.map((a) => a.email),
        attendees.map((a) => a.userTaxId),
        attendees.map((a) => a.telephoneNumber),
        options.ip,
        options.queuePosition ? 'Queue' : 'Registration',
        options.queuePosition ? 'registration.queued' : 'registration.created',
        options.holderId ?? null,
      ],
    );
    this.webhookOutbox.noteRecorded(m, rows[0]?.hooks ?? 0);
    return rows.map((row) => row.id);
  }

  /** Who of these people is already active or waiting in the session (by e-mail or tax ID). */
  peopleAlreadyIn(
    sessionId: number,
    people: { email: string; userTaxId: string }[],
  ): Promise<{ email: string; user_tax_id: string }[]> {
    return preparedQuery(this.ds, 'booking.people-already-in', peopleAlreadyInSql('$1', '$2', '$3'), [
      sessionId,
      people.map((a) => a.email),
      people.map((a) => a.userTaxId),
    ]);
  }

  /** A public registration's common case in one statement, so one round trip (outside a transaction it is its own
   * implicit one): the caller's unexpired hold rows are locked (an expired one is left to the reclaim under the
   * session's lock, which holds the session row and waits for hold rows: locking it here could deadlock; it takes
   * room until reclaimed, and the locked way reclaims it), the gate takes the seats on the counter if they all fit
   * and gives the hold's spots back, the hold is deleted, and only then, from the gate's RETURNING, the rows are
   * inserted with their consents, their Registration e-mails and their webhook deliveries (session.full too when
   * they took the last online seat). When the gate matches nothing, nothing is written and the answer is null:
   * the caller goes the locked way (placePublicLocked). A duplicate person fails the whole statement on the unique
   * indexes. Inside a transaction (`db` a manager) it runs in it. */
  async placePublicAtOnce(
    db: DataSource | EntityManager,
    sessionId: number,
    attendees: NewAttendee[],
    token: string,
    ip: string | null,
  ): Promise<number[] | null> {
    const rows = await preparedQuery<{ id: number; hooks: number }>(
      db,
      'booking.at-once',
      `WITH h AS MATERIALIZED (SELECT id, spots FROM ticket_holds WHERE session_id = $1 AND token = $2 AND expires_at > now() FOR UPDATE),
            released AS (SELECT coalesce(sum(spots), 0)::int AS spots FROM h),
            u AS (
              UPDATE event_sessions s
                 SET held_spots = s.held_spots - released.spots, online_registered = s.online_registered + $3
                FROM released
               WHERE s.id = $1 AND s.is_registration_open AND s.starts_at > now()
                 AND ${fitsOnlineSql('s', '- released.spots + $3')}
              RETURNING s.*, s.online_registered >= ${onlineCapacitySql('s')} AS filled),
            d AS (DELETE FROM ticket_holds WHERE id IN (SELECT id FROM h) AND EXISTS (SELECT 1 FROM u)),
            ${registrationRowsSql({ session: 'u.id', state: '$4', usesReserved: 'false', source: '$10', queuePosition: 'NULL', people: 5, ip: '$11', after: 'u' })},
            e AS (
              ${newRegistrationEmailsSql('r', '$1', '$12', 'NULL')}),
            w AS (
              ${newRegistrationWebhooksSql('r', 'u', '$13', 'NULL')}),
            f AS (
              ${sessionEventWebhooksSql('u', '$14', 's.filled')})
       SELECT id, (SELECT count(*)::int FROM w) + (SELECT count(*)::int FROM f) AS hooks FROM r ORDER BY id`,
      [
        sessionId,
        token,
        attendees.length,
        Active,
        attendees.map((a) => a.firstName),
        attendees.map((a) => a.lastName),
        attendees.map((a) => a.email),
        attendees.map((a) => a.userTaxId),
        attendees.map((a) => a.telephoneNumber),
        'public',
        ip,
        'Registration',
        'registration.created',
        'session.full',
      ],
    );
    if (!rows.length) return null;
    const hooks = rows[0].hooks;
    // In a transaction the sender is kicked after its commit; on its own the statement has committed already.
    if (db instanceof DataSource) {
      if (hooks > 0) this.webhookOutbox.kick();
    } else this.webhookOutbox.noteRecorded(db, hooks);
    return rows.map((row) => row.id);
  }

  /** A public registration the one statement could not seat (the edge of capacity, expired holds in the counter)
   * or that must be judged inside a transaction: the session locked first (its expired holds reclaimed), the
   * caller's hold deleted and given back, then the exact numbers decide: seat who fits and queue the rest
   * (allocate), or refuse (the caller rolls back). The rows are then written in their final state with their
   * messages (the unique indexes refuse a duplicate person there). Null when the session is gone. The same order
   * of judgement as the read before it: the session's state, then room, then the people. */
  async placePublicLocked(
    m: EntityManager,
    sessionId: number,
    attendees: NewAttendee[],
    token: string,
    ip: string | null,
  ): Promise<{ placed: Placed[] } | { refusal: BookingRefusal | 'FULL' } | null> {
    const session = await this.lockSession(m, sessionId);
    if (!session) return null;
    await this.deleteHolds(m, session, `token = $2`, [token]);
    const closed = bookingStateProblem(session);
    if (closed) return { refusal: closed };
    const allocation = allocate(attendees.length, { ...session, freeOnline: freeOnlineSpots(session) });
    if (!allocation) return { refusal: 'FULL' };
    return { placed: await this.seatOrQueue(m, session, attendees, allocation, ip) };
  }

  /** Under the session lock, writes an allocation: the seated people's rows active with their Registration e-mail,
   * then each queued one waiting at its position with its Queue e-mail (ids follow the attendees' order), and the
   * counters. A few statements under the lock: the rush's waiting list goes this way. */
  private async seatOrQueue(
    m: EntityManager,
    session: LockedSession,
    attendees: NewAttendee[],
    allocation: Allocation,
    ip: string | null,
  ): Promise<Placed[]> {
    const placed: Placed[] = [];
    const options = { source: 'public' as const, usesReserved: false, ip };
    // The counters first, so the rows' webhook bodies read the session as this placement leaves it.
    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, queue_count = queue_count + $3 WHERE id = $1`,
      [session.id, allocation.seated, allocation.queued],
    );
    if (allocation.seated > 0) {
      const ids = await this.insertRegistrations(m, session.id, attendees.slice(0, allocation.seated), options);
      placed.push(...ids.map((id) => ({ id, queuePosition: null })));
    }
    for (let index = allocation.seated; index < attendees.length; index++) {
      const queuePosition = allocation.queuePositions[index]!;
      const holderId = index > 0 ? placed[0].id : undefined;
      const [id] = await this.insertRegistrations(m, session.id, [attendees[index]], {
        ...options,
        queuePosition,
        holderId,
      });
      placed.push({ id, queuePosition });
    }
    session.onlineRegistered += allocation.seated;
    session.queueCount += allocation.queued;
    await this.recordFilled(m, session, allocation.seated, allocation.queued);
    return placed;
  }

  /** The webhook events of a session that a placement just filled: session.full when it took the last online seat,
   * session.waitinglist.full when it took the last place on the waiting list. */
  private async recordFilled(m: EntityManager, session: LockedSession, seated: number, queued: number) {
    if (seated > 0 && session.onlineRegistered >= onlineCapacity(session))
      await this.webhookOutbox.recordSessionEvent(m, 'session.full', session.id);
    if (queued > 0 && session.queueCount >= session.maxQueueSpots)
      await this.webhookOutbox.recordSessionEvent(m, 'session.waitinglist.full', session.id);
  }

  /** A staff registration under the session lock: a reserved spot while one is unused; else, with
   * `forceQueue`, the end of the waiting list if it has room; else nothing is written and the answer says why. */
  async placeManual(
    m: EntityManager,
    session: LockedSession,
    attendee: NewAttendee,
    forceQueue: boolean,
    ip: string | null,
  ): Promise<{ id: number; queuePosition: number | null } | 'RESERVED_FULL' | 'FULL'> {
    // The counter first, so the row's webhook body reads the session as this placement leaves it (a duplicate
    // person fails the insert, and the caller's transaction with it).
    if (hasFreeReservedSpot(session)) {
      await m.query(`UPDATE event_sessions SET reserved_registered = reserved_registered + 1 WHERE id = $1`, [
        session.id,
      ]);
      const [id] = await this.insertRegistrations(m, session.id, [attendee], {
        source: 'admin',
        usesReserved: true,
        ip,
      });
      session.reservedRegistered += 1;
      return { id, queuePosition: null };
    }
    if (!forceQueue) return 'RESERVED_FULL';
    const allocation = allocate(1, { ...session, freeOnline: 0 });
    if (!allocation) return 'FULL';
    const position = allocation.queuePositions[0]!;
    await m.query(`UPDATE event_sessions SET queue_count = queue_count + 1 WHERE id = $1`, [session.id]);
    const [id] = await this.insertRegistrations(m, session.id, [attendee], {
      source: 'admin',
      usesReserved: false,
      ip,
      queuePosition: position,
    });
    session.queueCount += 1;
    await this.recordFilled(m, session, 0, 1);
    return { id, queuePosition: position };
  }

  /** Locks the registration's session, then the registration with `lock` (the engine's lock order). Null when
   * it doesn't exist, or with `waitingOnly` when it is not (or no longer) a waiting entry. */
  async lockRegistration(
    m: EntityManager,
    registrationId: number,
    options: { waitingOnly?: boolean; lock: 'FOR UPDATE' | 'FOR NO KEY UPDATE' },
  ): Promise<{ session: LockedSession; row: PlacedRow & { userTaxId: string } } | null> {
    const [found] = await m.query(
      `SELECT session_id FROM registrations WHERE id = $1 AND ($2::int IS NULL OR state = $2)`,
      [registrationId, options.waitingOnly ? Waiting : null],
    );
    if (!found) return null;
    const session = (await this.lockSession(m, found.session_id))!;
    const [row] = await m.query(
      `SELECT id, state, uses_reserved_spot AS "usesReservedSpot", queue_position AS "queuePosition", user_tax_id AS "userTaxId"
         FROM registrations WHERE id = $1 ${options.lock}`,
      [registrationId],
    );
    if (!row || (options.waitingOnly && row.state !== Waiting)) return null;
    return { session, row };
  }

  /** Cancels a locked registration: it stays as cancelled (off the list) and gets the Cancellation e-mail (and the
   * registration.cancelled webhook event). */
  async markCancelled(m: EntityManager, registrationId: number): Promise<void> {
    await m.query(
      `UPDATE registrations SET state = $2, queue_position = NULL, cancelled_at = now(), version = version + 1 WHERE id = $1`,
      [registrationId, Cancelled],
    );
    await this.emailOutbox.record(m, 'Cancellation', [registrationId]);
    await this.webhookOutbox.record(m, 'registration.cancelled', [registrationId]);
  }

  /** Deletes registrations (any state) of a locked session; what they occupied is given back by
   * givePlacesBack. Their consent records stay unless the caller deletes them (GDPR). With `announce` (staff
   * deleting a registration or waiting entry), those still active or waiting get the registration.cancelled webhook
   * event first; a GDPR erasure announces nothing. */
  async deleteRegistrations(
    m: EntityManager,
    registrationIds: number[],
    options: { announce?: boolean } = {},
  ): Promise<void> {
    if (options.announce && this.webhookOutbox.maybeActive()) {
      const placed: { id: number }[] = await m.query(
        `SELECT id FROM registrations WHERE id = ANY($1::int[]) AND state = ANY($2::int[])`,
        [registrationIds, [Active, Waiting]],
      );
      await this.webhookOutbox.record(
        m,
        'registration.cancelled',
        placed.map((row) => row.id),
        { deleted: true },
      );
    }
    await m.query(`DELETE FROM registrations WHERE id = ANY($1::int[])`, [registrationIds]);
  }

  /** Gives back what the locked session's rows (being cancelled or deleted) occupied: online and reserved seats
   * on the counters, and each waiting-list gap closed (from the back, so each at the position it still has).
   * Cancelled rows occupy nothing. Promotion into the freed seats is the caller's next step (promoteWaiting). */
  async givePlacesBack(m: EntityManager, session: LockedSession, rows: PlacedRow[]): Promise<void> {
    const active = rows.filter((row) => row.state === Active);
    const online = active.filter((row) => !row.usesReservedSpot).length;
    const reserved = active.length - online;
    if (active.length) {
      await m.query(
        `UPDATE event_sessions SET online_registered = online_registered - $2, reserved_registered = reserved_registered - $3 WHERE id = $1`,
        [session.id, online, reserved],
      );
      session.onlineRegistered -= online;
      session.reservedRegistered -= reserved;
    }
    const waiting = rows.filter((row) => row.state === Waiting).sort((x, y) => y.queuePosition! - x.queuePosition!);
    for (const row of waiting) await this.closeQueueGap(m, session, row.queuePosition!);
  }

  /** Closes the gap a waiting entry leaves at `position` (1..n stays exact; positionsAfterGap). */
  async closeQueueGap(m: EntityManager, session: LockedSession, position: number): Promise<void> {
    await m.query(
      `UPDATE registrations SET queue_position = queue_position - 1 WHERE session_id = $1 AND state = $3 AND queue_position > $2`,
      [session.id, position, Waiting],
    );
    await m.query(`UPDATE event_sessions SET queue_count = queue_count - 1 WHERE id = $1`, [session.id]);
    session.queueCount -= 1;
  }

  /** Moves waiting entries, in position order, onto free online spots (promotableCount): each becomes an active
   * registration and gets the Promotion e-mail (and SMS, when SMS is enabled and a phone is known). Runs with
   * the session locked, after any change that can free spots: cancellation, deletion, capacity change, hold
   * release, unlock. Nothing happens while the session's promotion is locked. Answers the promoted ids. */
  async promoteWaiting(m: EntityManager, session: LockedSession): Promise<number[]> {
    const count = promotableCount(session);
    if (count === 0) return [];
    const [promoted]: [{ id: number; position: number }[]] = await m.query(
      `WITH p AS (SELECT id, queue_position FROM registrations WHERE session_id = $1 AND state = $3 ORDER BY queue_position LIMIT $2)
       UPDATE registrations r SET state = $4, queue_position = NULL, promoted_at = now(), registered_at = now(), uses_reserved_spot = false, version = r.version + 1
         FROM p WHERE r.id = p.id
       RETURNING r.id, p.queue_position AS position`,
      [session.id, count, Waiting, Active],
    );
    promoted.sort((x, y) => x.position - y.position);
    if (!promoted.length) return [];
    const n = promoted.length;
    // The rest move up by n (positionsAfterPromotion).
    await m.query(
      `UPDATE registrations SET queue_position = queue_position - $2 WHERE session_id = $1 AND state = $3`,
      [session.id, n, Waiting],
    );
    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, queue_count = queue_count - $2 WHERE id = $1`,
      [session.id, n],
    );
    session.onlineRegistered += n;
    session.queueCount -= n;
    const ids = promoted.map((row) => row.id);
    await this.emailOutbox.record(m, 'Promotion', ids);
    await this.smsOutbox.recordPromotion(m, ids);
    await this.webhookOutbox.record(m, 'registration.promoted', ids);
    return ids;
  }

  /** Staff promote one locked waiting entry at `position`, in any order and even while automatic promotion
   * is locked: a free online spot if there is one, else an unused reserved spot (manualPromotionSpot). False,
   * writing nothing, when there is neither. */
  async promoteEntry(m: EntityManager, session: LockedSession, entryId: number, position: number): Promise<boolean> {
    const spot = manualPromotionSpot(session);
    if (!spot) return false;
    const usesReservedSpot = spot === 'reserved';
    await m.query(
      `UPDATE registrations SET state = $3, queue_position = NULL, registered_at = now(), promoted_at = now(), uses_reserved_spot = $2, version = version + 1 WHERE id = $1`,
      [entryId, usesReservedSpot, Active],
    );
    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, reserved_registered = reserved_registered + $3 WHERE id = $1`,
      [session.id, usesReservedSpot ? 0 : 1, usesReservedSpot ? 1 : 0],
    );
    if (usesReservedSpot) session.reservedRegistered += 1;
    else session.onlineRegistered += 1;
    await this.closeQueueGap(m, session, position);
    await this.emailOutbox.record(m, 'Promotion', [entryId]);
    await this.smsOutbox.recordPromotion(m, [entryId]);
    await this.webhookOutbox.record(m, 'registration.promoted', [entryId]);
    return true;
  }

  /** Sets the locked session's waiting list to `queueIds`, positions 1..n in that order. False, writing
   * nothing, unless the list names every waiting entry exactly once. */
  async reorderQueue(m: EntityManager, session: LockedSession, queueIds: number[]): Promise<boolean> {
    const waiting: { id: number }[] = await m.query(
      `SELECT id FROM registrations WHERE session_id = $1 AND state = $2 FOR UPDATE`,
      [session.id, Waiting],
    );
    const ids = new Set(waiting.map((row) => row.id));
    const sameSet =
      queueIds.length === ids.size && new Set(queueIds).size === ids.size && queueIds.every((id) => ids.has(id));
    if (!sameSet) return false;
    await m.query(
      `UPDATE registrations r SET queue_position = o.position
         FROM unnest($2::int[]) WITH ORDINALITY AS o(id, position)
        WHERE r.id = o.id AND r.session_id = $1 AND r.state = $3`,
      [session.id, queueIds, Waiting],
    );
    return true;
  }

  /** Writes the locked session's capacity settings as the caller changed them on `session` (the caller has
   * checked them against the invariants). Promotion onto seats that opened is the caller's next step. */
  async applyCapacity(m: EntityManager, session: LockedSession): Promise<void> {
    await m.query(
      `UPDATE event_sessions SET max_attendees = $2, reserved_spots = $3, max_queue_spots = $4, is_promotion_locked = $5 WHERE id = $1`,
      [session.id, session.maxAttendees, session.reservedSpots, session.maxQueueSpots, session.isPromotionLocked],
    );
  }

  /** The waiting-list limit of every session not yet ended set to `limit`, never below the people already
   * waiting there (one statement; each row changes atomically against the bookings). Answers how many changed. */
  async setQueueLimitOfComingSessions(limit: number): Promise<number> {
    const [, updated]: [unknown[], number] = await this.ds.query(
      `UPDATE event_sessions SET max_queue_spots = greatest($1::int, queue_count)
        WHERE ends_at > now() AND max_queue_spots <> greatest($1::int, queue_count)`,
      [limit],
    );
    return updated;
  }

  /** Before sessions locked by the caller are deleted: false when anyone is active or waiting in one of
   * them; otherwise their cancelled registrations are deleted (they would keep the session alive). */
  async clearForDeletion(m: EntityManager, sessionIds: number[]): Promise<boolean> {
    const [busy] = await m.query(
      `SELECT 1 FROM registrations WHERE session_id = ANY($1::int[]) AND state = ANY($2::int[]) LIMIT 1`,
      [sessionIds, [Active, Waiting]],
    );
    if (busy) return false;
    await m.query(`DELETE FROM registrations WHERE session_id = ANY($1::int[]) AND state = $2`, [
      sessionIds,
      Cancelled,
    ]);
    return true;
  }
}

/** The CTEs `r`, the people's registration rows in the order given, and `c`, their privacy-policy consents: the one
 * way every placement writes them. The options are SQL: the session's id, the state, uses_reserved_spot, source and
 * queue_position (an expression over the person `a`, may be a window function); `people` the number of the first of
 * five text-array parameters (first names, last names, e-mails, tax IDs, phones); `ip` the consent's address (an
 * expression over the rows, by their CTE's name); `after` a relation the rows hang on (the gate's RETURNING: no row there, no
 * registration); `requests`, for bookings decided together, an int-array parameter giving each person's request
 * (1-based) and the relation of the admitted ones (their column `n`); `names` other names for the two CTEs, when a
 * statement writes two sets of rows. */
export function registrationRowsSql(o: {
  session: string;
  state: string;
  usesReserved: string;
  source: string;
  queuePosition: string;
  people: number;
  ip: string;
  after?: string;
  requests?: { array: string; admitted: string };
  names?: { rows: string; consents: string };
  holder?: string;
}): string {
  const arrays = [0, 1, 2, 3, 4].map((i) => `$${o.people + i}::text[]`);
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
             AS a(first_name, last_name, email, user_tax_id, telephone_number${o.requests ? ', request' : ''}, n)
       ${o.requests ? `WHERE a.request IN (SELECT n FROM ${o.requests.admitted})` : ''}
       ORDER BY a.n),
    ${rows} AS (
      INSERT INTO registrations (id, session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position, holder_registration_id)
      SELECT a.id, a.session_id, a.state, a.first_name, a.last_name, a.email, a.user_tax_id, a.telephone_number, a.uses_reserved_spot, a.source, a.queue_position,
             coalesce((SELECT h.id FROM ${people} h WHERE h.n < a.n ${sameRequest} ORDER BY h.n LIMIT 1), ${o.holder ?? 'NULL::int'})
        FROM ${people} a
       ORDER BY a.n
      RETURNING id, email, first_name, last_name, user_tax_id, queue_position, state, version),
    ${consents} AS (
      INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
      SELECT id, email, 'PrivacyPolicy', true, ${o.ip} FROM ${rows})`;
}
