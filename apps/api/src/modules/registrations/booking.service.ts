import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  MAX_ATTENDEES_PER_BOOKING,
  MESSAGES,
  ManualRegistrationConfirmation,
  ManualRegistrationResponse,
  RegistrationResponse,
  RegistrationResult,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { isUniqueViolation } from '../../database/pg-errors';
import { preparedQuery } from '../../database/prepared';
import { BlacklistService } from '../blacklist/blacklist.service';
import { EmailOutbox } from '../email/email-outbox';
import { Attendee, AttendeeInput, checkAttendee } from './attendee-rules';
import { RefusalKey, RefusalLimiter, tooManyRefusals } from './refusal-limiter';
import { LockedSession, bookingStateProblem, freeOnlineSpots, lockSession } from './session-state';

interface SessionInfo {
  id: number;
  eventStatus: number;
  isRegistrationOpen: boolean;
  started: boolean;
  freeOnline: number;
  queueRoom: number;
  /** The caller holds spots here, or expired holds still take room in the counter: numbers may be better than they look. */
  uncertain: boolean;
  /** Seconds until the refusal limit of the attempt's address, token or IP lets it try again; null if none. */
  retryAfter: number | null;
}

/** Refusals that say something about a person: counted per address, token and IP (RefusalLimiter). */
const PERSON_REFUSALS = new Set(['BLACKLISTED', 'DUPLICATE_REGISTRATION']);

const b = MESSAGES.booking;

/** Refusal of a public registration: the common error body plus the spec's title and attendeeErrors. */
function refusal(
  statusCode: number,
  code: string,
  message: string,
  attendeeErrors?: Record<string, string[]>,
  title: string = b.refusedTitle,
): AppError {
  return new AppError(statusCode, code, message, undefined, attendeeErrors ? { title, attendeeErrors } : { title });
}

@Injectable()
export class BookingService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly blacklist: BlacklistService,
    private readonly emailOutbox: EmailOutbox,
    private readonly limiter: RefusalLimiter,
  ) {}

  /** Public registration of one or two attendees, all or nothing. Attendee by attendee: a spot from the
   * caller's hold, else a free online spot, else the end of the waiting list, else the whole request is
   * refused. See docs/domain.md "Booking engine" for the transaction design, and "Probing the blacklist and
   * staff accounts" for why the blacklist is judged last and refusals about people are rate-limited. */
  async registerPublic(
    sessionId: number,
    inputs: AttendeeInput[],
    token: string | undefined,
    ip: string | null,
  ): Promise<RegistrationResponse> {
    if (!inputs.length) throw refusal(400, 'VALIDATION_FAILED', b.noAttendees, undefined, b.validationTitle);
    if (inputs.length > MAX_ATTENDEES_PER_BOOKING)
      throw refusal(400, 'VALIDATION_FAILED', b.tooManyAttendees, undefined, b.validationTitle);
    const attendees = this.validate(inputs, { requireConfirmEmail: true });
    const emails = attendees.map((a) => a.email);
    const keys = this.limiter.keys(emails, token, ip);
    try {
      return await this.placePublic(sessionId, attendees, token ?? '', ip, keys);
    } catch (error) {
      throw await this.judgedRefusal(error, sessionId, attendees, keys);
    }
  }

  private async placePublic(
    sessionId: number,
    attendees: Attendee[],
    token: string,
    ip: string | null,
    keys: RefusalKey[],
  ): Promise<RegistrationResponse> {
    // The three reads don't depend on each other: in parallel, then judged in the order the rules give. The
    // refusal limit of the attempt's address, token and IP is a column of the session read (no extra query).
    const hashes = keys.map((k) => k.hash);
    const [session, blacklisted, existing] = await Promise.all([
      this.sessionInfo(sessionId, token, hashes),
      this.blacklist.activeEntryFor(attendees.map((a) => a.email)),
      this.peopleAlreadyIn(sessionId, attendees),
    ]);
    if (session.retryAfter !== null) throw tooManyRefusals(session.retryAfter);
    const closed = bookingStateProblem(session);
    if (closed) throw refusal(closed.statusCode, closed.code, closed.message);
    // Without seats or room on the waiting list the answer is known without writing or locking anything (a seat
    // freed meanwhile would go to the people waiting, not to this request). Spares the lock to a rush's refusals.
    const seated = Math.min(attendees.length, session.freeOnline);
    if (!session.uncertain && attendees.length - seated > session.queueRoom) throw refusal(409, 'FULL', b.full);
    if (existing.length) this.throwDuplicate(attendees, existing);

    // The blacklist is judged last, once everything else has passed: inside the transaction, after the seats
    // were taken, and rolled back. So its answer only ever replaces a booking that would have gone through,
    // never another refusal (a companion already registered, a full session): it can't be asked cheaply.
    const placed = await this.withDuplicateGuard(sessionId, attendees, () =>
      this.ds.transaction(async (m) => {
        const result = await this.allocatePublic(m, sessionId, attendees, token, ip);
        if (blacklisted.size) this.throwBlacklisted(attendees, blacklisted, false);
        return result;
      }),
    );
    // Committed: the Registration / Queue e-mails recorded with it can go (sent by a job, never in this request).
    this.emailOutbox.kick();
    return this.response(placed);
  }

  /** A public refusal about a person is counted on the attempt's address, token and IP; beyond a limit it is
   * answered 429 instead (and not told). A blacklisted person told is sent the details by e-mail (at most
   * once a day). Any other error passes unchanged. */
  private async judgedRefusal(
    error: unknown,
    sessionId: number,
    attendees: Attendee[],
    keys: RefusalKey[],
  ): Promise<unknown> {
    if (!(error instanceof AppError) || !PERSON_REFUSALS.has(error.code)) return error;
    const retryAfter = await this.limiter.count(keys);
    if (retryAfter !== null) return tooManyRefusals(retryAfter);
    if (error.code === 'BLACKLISTED') {
      const blocked = Object.keys((error.extra?.attendeeErrors as Record<string, string[]> | undefined) ?? {});
      let recorded = false;
      for (const index of blocked) {
        if (await this.blacklist.recordRefusalNotice(attendees[Number(index)].email, sessionId)) recorded = true;
      }
      if (recorded) this.emailOutbox.kick();
    }
    return error;
  }

  /** One transaction. Fast path: rows inserted first (the unique indexes catch a duplicate before any lock),
   * then a single UPDATE on the session row consumes the caller's hold and takes the seats if they all fit;
   * the row lock is held only for that statement and the commit. Slow path, only at the edge of capacity: lock,
   * reclaim expired holds, seat who fits and queue the rest, or refuse (rollback: nothing written). */
  private async allocatePublic(
    m: EntityManager,
    sessionId: number,
    attendees: Attendee[],
    token: string,
    ip: string | null,
  ) {
    // Rows, consents and Registration e-mails go in before any lock; the slow path turns queued ones into Queue e-mails.
    const ids = await this.insertRows(m, sessionId, attendees, {
      source: 'public',
      usesReserved: false,
      ip,
      email: 'Registration',
    });
    const [gate] = await preparedQuery<{ released: number; seated: boolean }>(
      m,
      'booking.gate',
      `WITH h AS (DELETE FROM ticket_holds WHERE session_id = $1 AND token = $2 RETURNING spots),
            released AS (SELECT coalesce(sum(spots), 0)::int AS spots FROM h),
            u AS (
              UPDATE event_sessions s
                 SET held_spots = s.held_spots - released.spots, online_registered = s.online_registered + $3
                FROM released
               WHERE s.id = $1 AND s.is_registration_open AND s.starts_at > now()
                 AND s.online_registered + s.held_spots - released.spots + $3 <= s.max_attendees - s.reserved_spots
              RETURNING s.id)
       SELECT (SELECT spots FROM released) AS released, EXISTS (SELECT 1 FROM u) AS seated`,
      [sessionId, token, attendees.length],
    );
    if (gate.seated) return ids.map((id) => ({ id, queuePosition: null as number | null }));

    const session = (await lockSession(m, sessionId))!;
    if (gate.released > 0) {
      await m.query(`UPDATE event_sessions SET held_spots = held_spots - $2 WHERE id = $1`, [sessionId, gate.released]);
      session.heldSpots -= gate.released;
    }
    const closed = bookingStateProblem(session);
    if (closed) throw refusal(closed.statusCode, closed.code, closed.message);
    return this.seatOrQueue(m, session, ids);
  }

  /** Under the session lock: the first attendees take the free online spots, the others join the waiting
   * list if it has room for all of them; otherwise the request is refused. */
  private async seatOrQueue(m: EntityManager, session: LockedSession, ids: number[]) {
    const seated = Math.min(ids.length, freeOnlineSpots(session));
    const queued = ids.length - seated;
    if (queued > 0 && session.queueCount + queued > session.maxQueueSpots) throw refusal(409, 'FULL', b.full);
    const placed = ids.map((id, index) => ({
      id,
      queuePosition: index < seated ? null : session.queueCount + index - seated + 1,
    }));
    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, queue_count = queue_count + $3 WHERE id = $1`,
      [session.id, seated, queued],
    );
    for (const p of placed.filter((x) => x.queuePosition !== null)) {
      await m.query(`UPDATE registrations SET state = 2, queue_position = $2 WHERE id = $1`, [p.id, p.queuePosition]);
    }
    for (const p of placed.filter((x) => x.queuePosition !== null)) {
      await m.query(
        `UPDATE email_messages SET email_type = 'Queue', data = jsonb_build_object('queuePosition', $2::int) WHERE registration_id = $1`,
        [p.id, p.queuePosition],
      );
    }
    return placed;
  }

  /** A registration made by staff: it takes a reserved spot; when those are used up the answer asks for
   * confirmation, and the same call with forceQueue puts the person on the waiting list. Staff may register
   * even when public registration is closed. */
  async registerManual(
    sessionId: number,
    input: AttendeeInput & { bypassValidation?: boolean },
    forceQueue: boolean,
    ip: string | null,
  ): Promise<ManualRegistrationResponse | ManualRegistrationConfirmation> {
    const [attendee] = this.validate([input], {
      requireConfirmEmail: true,
      bypassTaxIdFormat: input.bypassValidation === true,
    });
    await this.sessionInfo(sessionId);
    const blacklisted = await this.blacklist.activeEntryFor([attendee.email]);
    if (blacklisted.size) this.throwBlacklisted([attendee], blacklisted, true);
    await this.assertNotAlreadyIn(sessionId, [attendee]);

    const result = await this.withDuplicateGuard(sessionId, [attendee], () =>
      this.ds.transaction(async (m) => {
        const session = (await lockSession(m, sessionId))!;
        if (session.reservedRegistered < session.reservedSpots) {
          const [id] = await this.insertRows(m, sessionId, [attendee], {
            source: 'admin',
            usesReserved: true,
            ip,
            email: 'Registration',
          });
          await m.query(`UPDATE event_sessions SET reserved_registered = reserved_registered + 1 WHERE id = $1`, [
            sessionId,
          ]);
          return { id, queued: false, queuePosition: null, message: b.manualRegistered };
        }
        if (!forceQueue) {
          return {
            requiresConfirmation: true as const,
            reservedSpotsFull: true as const,
            message: b.reservedFull,
            currentQueueCount: session.queueCount,
            maxQueueSpots: session.maxQueueSpots,
          };
        }
        if (session.queueCount >= session.maxQueueSpots) throw refusal(409, 'FULL', b.full);
        const position = session.queueCount + 1;
        const [id] = await this.insertRows(m, sessionId, [attendee], {
          source: 'admin',
          usesReserved: false,
          ip,
          queuePosition: position,
          email: 'Queue',
        });
        await m.query(`UPDATE event_sessions SET queue_count = queue_count + 1 WHERE id = $1`, [sessionId]);
        return {
          id,
          queued: true,
          queuePosition: position,
          message: b.manualQueued.replace('{position}', String(position)),
        };
      }),
    );
    if ('id' in result) this.emailOutbox.kick();
    return result;
  }

  private validate(
    inputs: AttendeeInput[],
    options: { requireConfirmEmail: boolean; bypassTaxIdFormat?: boolean },
  ): Attendee[] {
    const attendeeErrors: Record<string, string[]> = {};
    const attendees = inputs.map((input, index) => {
      const { attendee, errors } = checkAttendee(input ?? {}, options);
      if (errors.length) attendeeErrors[index] = errors;
      return attendee;
    });
    if (attendees.length === 2 && !attendeeErrors[1]) {
      const companion: string[] = [];
      if (attendees[0].email === attendees[1].email) companion.push(b.sameEmail);
      if (attendees[0].userTaxId === attendees[1].userTaxId) companion.push(b.sameTaxId);
      if (companion.length) attendeeErrors[1] = companion;
    }
    const failing = Object.keys(attendeeErrors);
    if (failing.length) {
      throw refusal(400, 'VALIDATION_FAILED', attendeeErrors[failing[0]][0], attendeeErrors, b.validationTitle);
    }
    return attendees;
  }

  private async sessionInfo(sessionId: number, token = '', refusalKeys: string[] = []): Promise<SessionInfo> {
    const [row] = await preparedQuery<SessionInfo>(
      this.ds,
      'booking.session-info',
      `SELECT s.id, e.status AS "eventStatus", s.is_registration_open AS "isRegistrationOpen", s.starts_at <= now() AS started,
              greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots) AS "freeOnline",
              s.max_queue_spots - s.queue_count AS "queueRoom",
              EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = s.id AND (h.token = $2 OR h.expires_at <= now())) AS uncertain,
              ${RefusalLimiter.checkSql('$3')} AS "retryAfter"
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId, token, refusalKeys],
    );
    if (!row) throw refusal(404, 'SESSION_NOT_FOUND', b.sessionNotFound);
    return row;
  }

  /** 403 BLACKLISTED naming the blocked attendees. The public answer carries no date or reason (the person
   * gets them by e-mail); staff registering someone are told until when. */
  private throwBlacklisted(attendees: Attendee[], blocked: Map<string, { expiresAt: Date }>, withDate: boolean): never {
    const attendeeErrors: Record<string, string[]> = {};
    attendees.forEach((attendee, index) => {
      const entry = blocked.get(attendee.email);
      if (!entry) return;
      const date = new Date(entry.expiresAt).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' });
      attendeeErrors[index] = [withDate ? b.blacklistedUntil.replace('{date}', date) : b.blacklisted];
    });
    const first = Object.values(attendeeErrors)[0][0];
    throw refusal(403, 'BLACKLISTED', first, attendeeErrors);
  }

  private peopleAlreadyIn(sessionId: number, attendees: Attendee[]): Promise<{ email: string; user_tax_id: string }[]> {
    return preparedQuery(
      this.ds,
      'booking.people-already-in',
      `SELECT email, user_tax_id FROM registrations WHERE session_id = $1 AND state IN (0, 2) AND (email = ANY($2) OR user_tax_id = ANY($3))`,
      [sessionId, attendees.map((a) => a.email), attendees.map((a) => a.userTaxId)],
    );
  }

  private async assertNotAlreadyIn(sessionId: number, attendees: Attendee[]): Promise<void> {
    const rows = await this.peopleAlreadyIn(sessionId, attendees);
    if (rows.length) this.throwDuplicate(attendees, rows);
  }

  private throwDuplicate(attendees: Attendee[], rows: { email: string; user_tax_id: string }[]): never {
    const attendeeErrors: Record<string, string[]> = {};
    attendees.forEach((attendee, index) => {
      const errors: string[] = [];
      if (rows.some((r) => r.email === attendee.email)) errors.push(b.duplicateEmail);
      if (rows.some((r) => r.user_tax_id === attendee.userTaxId)) errors.push(b.duplicateTaxId);
      if (errors.length) attendeeErrors[index] = errors;
    });
    const first = Object.values(attendeeErrors)[0]?.[0] ?? b.duplicateEmail;
    throw refusal(409, 'DUPLICATE_REGISTRATION', first, attendeeErrors);
  }

  /** Two requests for the same person racing past the pre-check meet the unique indexes: the loser gets the
   * same answer the pre-check would have given. */
  private async withDuplicateGuard<T>(sessionId: number, attendees: Attendee[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.assertNotAlreadyIn(sessionId, attendees);
      throw refusal(409, 'DUPLICATE_REGISTRATION', b.duplicateEmail);
    }
  }

  private async insertRows(
    m: EntityManager,
    sessionId: number,
    attendees: Attendee[],
    options: {
      source: 'public' | 'admin';
      usesReserved: boolean;
      ip: string | null;
      queuePosition?: number;
      email: 'Registration' | 'Queue';
    },
  ): Promise<number[]> {
    const rows = await preparedQuery<{ id: number }>(
      m,
      'booking.insert',
      `WITH r AS (
         INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position)
         SELECT $1, $2, a.first_name, a.last_name, a.email, a.user_tax_id, a.telephone_number, $3, $4, $5
           FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[]) WITH ORDINALITY
                AS a(first_name, last_name, email, user_tax_id, telephone_number, n)
          ORDER BY a.n
         RETURNING id, email, first_name, last_name, user_tax_id),
       c AS (
         INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
         SELECT id, email, 'PrivacyPolicy', true, $11 FROM r),
       e AS (
         INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
         SELECT $12, r.id, (SELECT event_id FROM event_sessions WHERE id = $1), $1, r.email, r.first_name || ' ' || r.last_name, r.user_tax_id,
                CASE WHEN $5::int IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('queuePosition', $5::int) END
           FROM r)
       SELECT id FROM r ORDER BY id`,
      [
        sessionId,
        options.queuePosition ? 2 : 0,
        options.usesReserved,
        options.source,
        options.queuePosition ?? null,
        attendees.map((a) => a.firstName),
        attendees.map((a) => a.lastName),
        attendees.map((a) => a.email),
        attendees.map((a) => a.userTaxId),
        attendees.map((a) => a.telephoneNumber),
        options.ip,
        options.email,
      ],
    );
    return rows.map((row) => row.id);
  }

  private response(placed: { id: number; queuePosition: number | null }[]): RegistrationResponse {
    const results: RegistrationResult[] = placed.map((p) => ({
      success: true,
      registrationId: p.id,
      queued: p.queuePosition !== null,
      queuePosition: p.queuePosition,
    }));
    const totalQueued = results.filter((r) => r.queued).length;
    const totalRegistrations = results.length - totalQueued;
    let message: string = results.length === 1 ? b.registered : b.registeredTwo;
    if (totalQueued === results.length) {
      message = results.length === 1 ? b.queued.replace('{position}', String(results[0].queuePosition)) : b.allQueued;
    } else if (totalQueued > 0) message = b.partlyQueued;
    return {
      id: results[0].registrationId,
      queued: results[0].queued,
      queuePosition: results[0].queuePosition,
      results,
      totalRegistrations,
      totalQueued,
      message,
    };
  }
}
