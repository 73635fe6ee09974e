import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_VISITOR_LANGUAGE,
  ErrorCode,
  bookingReference,
  MAX_ATTENDEES_PER_BOOKING,
  MESSAGES,
  ManualRegistrationConfirmation,
  ManualRegistrationResponse,
  RegistrationResponse,
  RegistrationResult,
  type VisitorLanguage,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { isUniqueViolation } from '../../database/pg-errors';
import { BlacklistService } from '../blacklist/blacklist.service';
import { BookingBatches } from '../booking-engine/booking-batches';
import { BookingEngine, Placed } from '../booking-engine/booking-engine.service';
import { BookingRefusal, allocate, bookingStateProblem } from '../booking-engine/booking-rules';
import { Lanes } from '../booking-engine/lanes';
import { SessionRoom } from '../booking-engine/session-room';
import { CheckInService } from '../checkin/checkin.service';
import { HistoryService } from '../history/history.service';
import { Attendee, AttendeeInput, checkAttendee } from './attendee-rules';
import { RefusalKey, RefusalLimiter, tooManyRefusals } from './refusal-limiter';
import { InfoRequest, SessionInfo, SessionInfoReader } from './session-info';

/** Refusals that say something about a person: counted per address, token and IP (RefusalLimiter). */
const PERSON_REFUSALS = new Set(['BLACKLISTED', 'DUPLICATE_REGISTRATION']);

const b = MESSAGES.booking;

/** Refusal of a public registration: the common error body plus the spec's title and attendeeErrors. */
function refusal(
  code: ErrorCode,
  message: string,
  attendeeErrors?: Record<string, string[]>,
  title: string = b.refusedTitle,
): AppError {
  return new AppError(code, message, undefined, attendeeErrors ? { title, attendeeErrors } : { title });
}

@Injectable()
export class BookingService {
  /** The locked way of public registrations, one at a time per session (lockedWay). */
  private readonly locked = new Lanes<number>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly blacklist: BlacklistService,
    private readonly limiter: RefusalLimiter,
    private readonly engine: BookingEngine,
    private readonly batches: BookingBatches,
    private readonly info: SessionInfoReader,
    private readonly checkIns: CheckInService,
    private readonly room: SessionRoom,
    private readonly history: HistoryService,
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
    language: VisitorLanguage = DEFAULT_VISITOR_LANGUAGE,
  ): Promise<RegistrationResponse> {
    // A full session as this instance knows it: refused without a query, before the refusal keys' HMACs are even
    // computed; a request the validation refuses is told so first (below).
    const full = this.refusalFromMemory(sessionId, inputs, token);
    if (full) throw full;
    if (!inputs.length) throw refusal('VALIDATION_FAILED', b.noAttendees, undefined, b.validationTitle);
    if (inputs.length > MAX_ATTENDEES_PER_BOOKING)
      throw refusal('VALIDATION_FAILED', b.tooManyAttendees, undefined, b.validationTitle);
    // Holder and companion share the language of the page they booked on (their e-mails and SMS go out in it).
    const attendees = this.validate(inputs, { requireConfirmEmail: true }).map((a) => ({ ...a, language }));
    const emails = attendees.map((a) => a.email);
    const keys = this.limiter.keys(emails, token, ip);
    try {
      return await this.placePublic(sessionId, attendees, token ?? '', ip, keys);
    } catch (error) {
      throw await this.judgedRefusal(error, sessionId, attendees, keys, language);
    }
  }

  /** The refusal of a public registration decided without a query (SessionRoom; docs/domain.md, "Refusals without a
   * round trip"): FULL when the attendees pass every rule checked before the room (their number, attendee-rules) and
   * the room as this instance knows it can't take them; null otherwise, when the validation's refusal or the
   * database decides. The first step of `registerPublic`, and the whole answer of the early refusals before Nest. */
  refusalFromMemory(sessionId: number, inputs: AttendeeInput[], token: string | undefined): AppError | null {
    if (!inputs.length || inputs.length > MAX_ATTENDEES_PER_BOOKING) return null;
    // The room first: it costs a map lookup, and says no for almost every request outside a full session.
    if (!this.room.refusesRegistration(sessionId, inputs.length, token)) return null;
    return this.checked(inputs, { requireConfirmEmail: true }) instanceof AppError ? null : refusal('FULL', b.full);
  }

  private async placePublic(
    sessionId: number,
    attendees: Attendee[],
    token: string,
    ip: string | null,
    keys: RefusalKey[],
  ): Promise<RegistrationResponse> {
    // One read, judged in the order the rules give: the session's state and room, the refusal limit of the
    // attempt's address, token and IP, the blacklist and the people already in, as columns of one statement.
    const session = await this.sessionInfo(sessionId, {
      token,
      refusalKeys: keys.map((k) => k.hash),
      people: attendees,
    });
    if (session.retryAfter !== null) throw tooManyRefusals(session.retryAfter);
    const closed = bookingStateProblem(session);
    if (closed) throw refusal(closed.code, closed.message);
    // Without seats or room on the waiting list the answer is known without writing or locking anything (a seat
    // freed meanwhile would go to the people waiting, not to this request). Spares the lock to a rush's refusals.
    if (!session.uncertain && !allocate(attendees.length, session)) throw refusal('FULL', b.full);
    if (session.existing?.length) this.throwDuplicate(attendees, session.existing);

    const placed = await this.withDuplicateGuard(sessionId, attendees, async () => {
      if (!session.blacklisted?.length) {
        // The common case: one statement (with the session's other registrations arriving meanwhile), committed on
        // its own, or nothing written and the locked way.
        const placed = await this.batches.placePublic(sessionId, attendees, token, ip);
        if (placed) return placed;
        return this.lockedWay(sessionId, attendees, token, ip);
      }
      // The blacklist is judged last, once everything else has passed: the same steps inside a transaction, the
      // seats taken, then rolled back. So its answer only ever replaces a booking that would have gone through,
      // never another refusal (a companion already registered, a full session): it can't be asked cheaply.
      const blocked = new Map(session.blacklisted.map((email) => [email, null]));
      return this.ds.transaction(async (m) => {
        const ids = await this.engine.placePublicAtOnce(m, sessionId, attendees, token, ip);
        if (!ids) await this.allocatePublic(m, sessionId, attendees, token, ip);
        this.throwBlacklisted(attendees, blocked, false);
      });
    });
    // Committed: the Registration / Queue e-mails recorded with it go by a job, never in this request (the engine
    // reports the e-mails its statements write, so the outbox kit wakes their sender).
    // The tickets of the seated people, for the success page's QR: one read by primary key after the commit, so the
    // booking statements stay as they are (the random part is their column default).
    const codes = await this.checkIns.codesFor(placed.filter((p) => p.queuePosition === null).map((p) => p.id));
    return this.response(placed, codes);
  }

  /** A public refusal about a person is counted on the attempt's address, token and IP; beyond a limit it is
   * answered 429 instead (and not told). A blacklisted person told is sent the details by e-mail (at most
   * once a day), in the booking's `language`. Any other error passes unchanged. */
  private async judgedRefusal(
    error: unknown,
    sessionId: number,
    attendees: Attendee[],
    keys: RefusalKey[],
    language: VisitorLanguage,
  ): Promise<unknown> {
    if (error instanceof AppError && error.code === 'FULL') void this.room.refused(sessionId);
    if (!(error instanceof AppError) || !PERSON_REFUSALS.has(error.code)) return error;
    const retryAfter = await this.limiter.count(keys);
    if (retryAfter !== null) return tooManyRefusals(retryAfter);
    if (error.code === 'BLACKLISTED') {
      const blocked = Object.keys((error.extra?.attendeeErrors as Record<string, string[]> | undefined) ?? {});
      for (const index of blocked)
        await this.blacklist.recordRefusalNotice(attendees[Number(index)].email, sessionId, language);
    }
    return error;
  }

  /** A registration its batch didn't admit takes the locked way, one at a time per session in this process (Lanes;
   * docs/domain.md, "The locked way, one at a time"): the session row would serialise these transactions anyway, and
   * waiting here holds no pool connection, so a rush's pile of them can't starve the pool (the 503s of a saturated
   * machine). At its turn a request the session's room as last read can't fit is refused without a transaction;
   * a refusal for want of room reads the room before the next turn, so the rest of the pile is refused from memory. */
  private lockedWay(sessionId: number, attendees: Attendee[], token: string, ip: string | null): Promise<Placed[]> {
    return this.locked.run(sessionId, async () => {
      if (this.room.refusesRegistration(sessionId, attendees.length, token)) throw refusal('FULL', b.full);
      try {
        return await this.ds.transaction((m) => this.allocatePublic(m, sessionId, attendees, token, ip));
      } catch (error) {
        if (error instanceof AppError && error.code === 'FULL') await this.room.refused(sessionId);
        throw error;
      }
    });
  }

  /** The locked way of a public registration, in the caller's transaction (BookingEngine.placePublicLocked): the
   * session locked, the rows, consents and Registration e-mails inserted, then seated or queued on exact numbers,
   * or the request is refused and rolls back: nothing written. */
  private async allocatePublic(
    m: EntityManager,
    sessionId: number,
    attendees: Attendee[],
    token: string,
    ip: string | null,
  ) {
    const result = await this.engine.placePublicLocked(m, sessionId, attendees, token, ip);
    if (!result) throw refusal('SESSION_NOT_FOUND', b.sessionNotFound);
    if ('placed' in result) return result.placed;
    throw this.refused(result.refusal);
  }

  private refused(reason: BookingRefusal | 'FULL'): AppError {
    return reason === 'FULL' ? refusal('FULL', b.full) : refusal(reason.code, reason.message);
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
        const session = (await this.engine.lockSession(m, sessionId))!;
        const placed = await this.engine.placeManual(m, session, attendee, forceQueue, ip);
        if (placed === 'FULL') throw this.refused(placed);
        if (placed === 'RESERVED_FULL') {
          return {
            requiresConfirmation: true as const,
            reservedSpotsFull: true as const,
            message: b.reservedFull,
            currentQueueCount: session.queueCount,
            maxQueueSpots: session.maxQueueSpots,
          };
        }
        const { id, queuePosition } = placed;
        const changes = queuePosition === null ? [] : [{ field: 'queuePosition', to: queuePosition }];
        await this.history.record(m, { subject: 'registration', ids: [id], action: 'created', changes });
        if (queuePosition === null) return { id, queued: false, queuePosition, message: b.manualRegistered };
        return {
          id,
          queued: true,
          queuePosition,
          message: b.manualQueued.replace('{position}', String(queuePosition)),
        };
      }),
    );
    return result;
  }

  private validate(
    inputs: AttendeeInput[],
    options: { requireConfirmEmail: boolean; bypassTaxIdFormat?: boolean },
  ): Attendee[] {
    const checked = this.checked(inputs, options);
    if (checked instanceof AppError) throw checked;
    return checked;
  }

  /** The attendees normalised, or the refusal naming what is wrong with each. */
  private checked(
    inputs: AttendeeInput[],
    options: { requireConfirmEmail: boolean; bypassTaxIdFormat?: boolean },
  ): Attendee[] | AppError {
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
      return refusal('VALIDATION_FAILED', attendeeErrors[failing[0]][0], attendeeErrors, b.validationTitle);
    }
    return attendees;
  }

  /** The one read before a registration (SessionInfoReader); a 404 when the session doesn't exist. */
  private async sessionInfo(sessionId: number, request?: InfoRequest): Promise<SessionInfo> {
    const row = await this.info.read(sessionId, request);
    if (!row) throw refusal('SESSION_NOT_FOUND', b.sessionNotFound);
    return row;
  }

  /** 403 BLACKLISTED naming the blocked attendees. The public answer carries no date or reason (the person
   * gets them by e-mail); staff registering someone are told until when. */
  private throwBlacklisted(
    attendees: Attendee[],
    blocked: Map<string, { expiresAt: Date } | null>,
    withDate: boolean,
  ): never {
    const attendeeErrors: Record<string, string[]> = {};
    attendees.forEach((attendee, index) => {
      if (!blocked.has(attendee.email)) return;
      const expiresAt = blocked.get(attendee.email)?.expiresAt;
      const date = expiresAt ? new Date(expiresAt).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' }) : '';
      attendeeErrors[index] = [withDate ? b.blacklistedUntil.replace('{date}', date) : b.blacklisted];
    });
    const first = Object.values(attendeeErrors)[0][0];
    throw refusal('BLACKLISTED', first, attendeeErrors);
  }

  private peopleAlreadyIn(sessionId: number, attendees: Attendee[]): Promise<{ email: string; user_tax_id: string }[]> {
    return this.engine.peopleAlreadyIn(sessionId, attendees);
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
    throw refusal('DUPLICATE_REGISTRATION', first, attendeeErrors);
  }

  /** Two requests for the same person racing past the pre-check meet the unique indexes: the loser gets the
   * same answer the pre-check would have given. */
  private async withDuplicateGuard<T>(sessionId: number, attendees: Attendee[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.assertNotAlreadyIn(sessionId, attendees);
      throw refusal('DUPLICATE_REGISTRATION', b.duplicateEmail);
    }
  }

  private response(
    placed: { id: number; queuePosition: number | null }[],
    codes: Map<number, string>,
  ): RegistrationResponse {
    const results: RegistrationResult[] = placed.map((p) => ({
      success: true,
      registrationId: p.id,
      queued: p.queuePosition !== null,
      queuePosition: p.queuePosition,
      ticketCode: codes.get(p.id) ?? null,
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
      reference: bookingReference(results[0].registrationId),
    };
  }
}
