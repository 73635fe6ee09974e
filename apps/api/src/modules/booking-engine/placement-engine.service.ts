import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { runPrepared } from '../../database/named-statement';
import { EmailOutbox } from '../email/email-outbox';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import {
  Allocation,
  BookingRefusal,
  allocate,
  bookingStateProblem,
  freeOnlineSpots,
  hasFreeReservedSpot,
  onlineCapacity,
} from './booking-rules';
import {
  INSERT_REGISTRATIONS,
  InsertRegistrationsParams,
  PEOPLE_ALREADY_IN,
  PLACE_AT_ONCE,
  PlaceAtOnceParams,
  peopleValues,
} from './booking-statements';
import { LockedSession, NewAttendee, Placed } from './engine-types';
import { SessionLock } from './session-lock.service';

const { Active, Waiting } = REGISTRATION_STATE;

/** Placement: writing registrations seated or waiting, with their consents and messages, for the public (one
 * statement, or under the session lock) and for staff. */
@Injectable()
export class PlacementEngine {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly lock: SessionLock,
    private readonly webhookOutbox: WebhookOutbox,
    private readonly emailOutbox: EmailOutbox,
  ) {}

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
    const rows = await runPrepared<{ id: number; hooks: number }, InsertRegistrationsParams>(m, INSERT_REGISTRATIONS, {
      session: sessionId,
      state: options.queuePosition ? Waiting : Active,
      usesReserved: options.usesReserved,
      source: options.source,
      queuePosition: options.queuePosition ?? null,
      ...peopleValues(attendees),
      ip: options.ip,
      emailType: options.queuePosition ? 'Queue' : 'Registration',
      webhookType: options.queuePosition ? 'registration.queued' : 'registration.created',
      holder: options.holderId ?? null,
    });
    this.webhookOutbox.noteRecorded(m, rows[0]?.hooks ?? 0);
    // The statement embeds newRegistrationEmailsSql: one e-mail a row, woken after the commit.
    if (rows.length) this.emailOutbox.noteRecorded(m);
    return rows.map((row) => row.id);
  }

  /** Who of these people is already active or waiting in the session (by e-mail or tax ID). */
  peopleAlreadyIn(
    sessionId: number,
    people: { email: string; userTaxId: string }[],
  ): Promise<{ email: string; user_tax_id: string }[]> {
    return runPrepared(this.ds, PEOPLE_ALREADY_IN, {
      session: sessionId,
      emails: people.map((a) => a.email),
      taxIds: people.map((a) => a.userTaxId),
    });
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
    const rows = await runPrepared<{ id: number; hooks: number }, PlaceAtOnceParams>(db, PLACE_AT_ONCE, {
      session: sessionId,
      token,
      seats: attendees.length,
      active: Active,
      ...peopleValues(attendees),
      source: 'public',
      ip,
      emailType: 'Registration',
      webhookType: 'registration.created',
      fullType: 'session.full',
    });
    if (!rows.length) return null;
    const hooks = rows[0].hooks;
    // In a transaction the senders are woken after its commit; on its own the statement has committed already.
    if (db instanceof DataSource) {
      if (hooks > 0) this.webhookOutbox.kick();
      this.emailOutbox.kick();
    } else {
      this.webhookOutbox.noteRecorded(db, hooks);
      this.emailOutbox.noteRecorded(db);
    }
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
    const session = await this.lock.lockSession(m, sessionId);
    if (!session) return null;
    await this.lock.deleteHolds(m, session, { token });
    const closed = bookingStateProblem(session);
    if (closed) return { refusal: closed };
    const allocation = allocate(attendees.length, { ...session, freeOnline: freeOnlineSpots(session) });
    if (!allocation) return { refusal: 'FULL' };
    return { placed: await this.seatOrWait(m, session, attendees, allocation, ip) };
  }

  /** Under the session lock, writes an allocation: the seated people's rows active with their Registration e-mail,
   * then each queued one waiting at its position with its Queue e-mail (ids follow the attendees' order), and the
   * counters. A few statements under the lock: the rush's waiting list goes this way. */
  private async seatOrWait(
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
      const queuePosition = allocation.waitingPositions[index]!;
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
    const position = allocation.waitingPositions[0]!;
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
}
