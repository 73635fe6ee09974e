import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGES, WaitingEntry, REGISTRATION_STATE, normalizeEmail } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { BookingEngine, LockedSession } from '../booking-engine/booking-engine.service';
import { HistoryService, changedFields } from '../history/history.service';
import { duplicatePersonConflict, taxIdToStore } from '../registrations/person-rules';
import { ReorderWaitingListDto, UpdateWaitingEntryDto } from './dto/waiting-entry.dto';
import { WaitingListExport, buildWaitingListExport } from './waiting-list-export';

const b = MESSAGES.booking;
const { Active, Waiting } = REGISTRATION_STATE;

const ENTRY_COLUMNS = `r.id, r.session_id AS "eventSessionId", r.queue_position AS "queuePosition", r.first_name AS "firstName",
  r.last_name AS "lastName", r.email, r.telephone_number AS "phoneNumber", r.user_tax_id AS "userTaxId", r.created_at AS "queuedAt"`;

interface EntryRow extends Omit<WaitingEntry, 'status' | 'queuedAt'> {
  queuedAt: Date;
}

/** A waiting entry's personal fields: the history names the ones changed, never their values. */
const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'userTaxId', 'phoneNumber'] as const;

/** Staff work on a session's waiting list. Waiting entries are registrations in state 2 with positions exactly
 * 1..n; every change locks the session row first (lockSession), then the entry rows, like the booking engine. */
@Injectable()
export class WaitingListService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly engine: BookingEngine,
    private readonly history: HistoryService,
  ) {}

  async list(sessionId: number): Promise<WaitingEntry[]> {
    await this.assertSessionExists(sessionId);
    return this.entries(this.ds.manager, sessionId);
  }

  async export(sessionId: number): Promise<WaitingListExport> {
    const [session] = await this.ds.query(
      `SELECT s.id, e.time_zone AS "timeZone" FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId],
    );
    if (!session) throw AppError.notFound(MESSAGES.sessions.notFound);
    return buildWaitingListExport(
      sessionId,
      session.timeZone,
      await this.entries(this.ds.manager, sessionId),
      new Date(),
    );
  }

  /** Staff promote one entry, in any order and even while automatic promotion is locked: a free online spot
   * if there is one, else an unused reserved spot. */
  async promote(entryId: number): Promise<{ message: string; registrationId: number }> {
    const result = await this.ds.transaction(async (m) => {
      const { session, entry } = await this.lockEntry(m, entryId);
      if (!(await this.engine.promoteEntry(m, session, entryId, entry.queuePosition)))
        throw new AppError('NO_SPOT_TO_PROMOTE', b.noSpotToPromote);
      await this.history.record(m, {
        subject: 'registration',
        ids: [entryId],
        action: 'promoted',
        changes: [{ field: 'queuePosition', from: entry.queuePosition, to: null }],
      });
      return { message: b.promoted, registrationId: entryId };
    });
    return result;
  }

  async update(entryId: number, dto: UpdateWaitingEntryDto): Promise<WaitingEntry> {
    try {
      return await this.ds.transaction(async (m) => {
        const { session, entry } = await this.lockEntry(m, entryId);
        const [before] = await this.entries(m, session.id, entryId);
        const email = normalizeEmail(dto.email);
        const userTaxId = taxIdToStore(dto.userTaxId, entry.userTaxId);
        const clashes: { email: string; userTaxId: string }[] = await m.query(
          `SELECT email, user_tax_id AS "userTaxId" FROM registrations
            WHERE session_id = $1 AND state = ANY($5::int[]) AND id <> $2 AND (email = $3 OR user_tax_id = $4)`,
          [session.id, entryId, email, userTaxId, [Active, Waiting]],
        );
        const errors: Record<string, string[]> = {};
        if (clashes.some((c) => c.email === email)) errors.email = [b.duplicateEmail];
        if (clashes.some((c) => c.userTaxId === userTaxId)) errors.userTaxId = [b.duplicateTaxId];
        if (Object.keys(errors).length) throw AppError.conflict(Object.values(errors)[0][0], errors);

        await m.query(
          `UPDATE registrations
              SET first_name = $2, last_name = $3, email = $4, user_tax_id = $5,
                  telephone_number = CASE WHEN $6 THEN $7 ELSE telephone_number END
            WHERE id = $1`,
          [
            entryId,
            dto.firstName,
            dto.lastName,
            email,
            userTaxId,
            dto.phoneNumber !== undefined,
            dto.phoneNumber ?? null,
          ],
        );
        const [after] = await this.entries(m, session.id, entryId);
        // Personal data: the fields' names only.
        const changes = changedFields(before, after, PERSON_FIELDS, () => false).map(({ field }) => ({
          field: field === 'phoneNumber' ? 'telephoneNumber' : field,
        }));
        if (changes.length)
          await this.history.record(m, { subject: 'registration', ids: [entryId], action: 'edited', changes });
        return after;
      });
    } catch (error) {
      // A public registration of the same person committed between the check and the update.
      throw duplicatePersonConflict(error) ?? error;
    }
  }

  /** Deletes the entry; the entries behind it move up one place. Frees no seat, so nobody is promoted. */
  async remove(entryId: number): Promise<{ message: string }> {
    return this.ds.transaction(async (m) => {
      const { session, entry } = await this.lockEntry(m, entryId);
      await this.history.record(m, {
        subject: 'registration',
        ids: [entryId],
        action: 'deleted',
        changes: [{ field: 'queuePosition', from: entry.queuePosition, to: null }],
      });
      // The gap closed first: the registration.cancelled webhook body then carries the list's count without it.
      await this.engine.closeWaitingGap(m, session, entry.queuePosition);
      await this.engine.deleteRegistrations(m, [entryId], { announce: true });
      return { message: b.waitingEntryRemoved };
    });
  }

  /** Sets positions 1..n in the order given; the list must name every waiting entry of the session once. */
  async reorder(dto: ReorderWaitingListDto): Promise<WaitingEntry[]> {
    return this.ds.transaction(async (m) => {
      const session = await this.engine.lockSession(m, dto.eventSessionId);
      if (!session) throw AppError.notFound(MESSAGES.sessions.notFound);
      const before = new Map((await this.entries(m, session.id)).map((e) => [e.id, e.queuePosition]));
      if (!(await this.engine.reorderWaitingList(m, session, dto.queueIds)))
        throw AppError.field('queueIds', b.reorderMismatch);
      const after = await this.entries(m, session.id);
      // One entry per person whose place changed, with the place before and after.
      const moved = after.filter((e) => before.get(e.id) !== e.queuePosition);
      await this.history.record(m, {
        subject: 'registration',
        ids: moved.map((e) => e.id),
        action: 'moved',
        changes: moved.map((e) => [{ field: 'queuePosition', from: before.get(e.id), to: e.queuePosition }]),
      });
      return after;
    });
  }

  /** Locks the entry's session, then the entry (the engine's lock order). 404 unless it is still waiting. */
  private async lockEntry(
    m: EntityManager,
    entryId: number,
  ): Promise<{ session: LockedSession; entry: { queuePosition: number; userTaxId: string } }> {
    const locked = await this.engine.lockRegistration(m, entryId, { waitingOnly: true, lock: 'FOR UPDATE' });
    if (!locked) throw AppError.notFound(b.waitingEntryNotFound);
    return {
      session: locked.session,
      entry: { queuePosition: locked.row.queuePosition!, userTaxId: locked.row.userTaxId },
    };
  }

  /** A valid DNI/NIE is stored normalised. Anything else only replaces a document that was not a DNI/NIE
   * either (a passport taken by a manual registration with bypassValidation), stored as that path stores it. */
  private async assertSessionExists(sessionId: number): Promise<void> {
    const [session] = await this.ds.query(`SELECT 1 FROM event_sessions WHERE id = $1`, [sessionId]);
    if (!session) throw AppError.notFound(MESSAGES.sessions.notFound);
  }

  private async entries(m: EntityManager, sessionId: number, entryId?: number): Promise<WaitingEntry[]> {
    const rows: EntryRow[] = await m.query(
      `SELECT ${ENTRY_COLUMNS} FROM registrations r
        WHERE r.session_id = $1 AND r.state = $3 AND ($2::int IS NULL OR r.id = $2)
        ORDER BY r.queue_position`,
      [sessionId, entryId ?? null, Waiting],
    );
    return rows.map((row) => ({ ...row, status: 0, queuedAt: row.queuedAt.toISOString() }));
  }
}
