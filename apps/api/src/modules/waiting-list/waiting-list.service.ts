import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGES, QueueEntry, normalizeEmail } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { EmailOutbox } from '../email/email-outbox';
import { recordEmails } from '../registrations/outbox';
import { recordPromotionSms } from '../sms/promotion-sms';
import { duplicatePersonConflict, taxIdToStore } from '../registrations/person-rules';
import { closeQueueGap } from '../registrations/promotion';
import { LockedSession, freeOnlineSpots, lockSession } from '../registrations/session-state';
import { ReorderQueueDto, UpdateQueueEntryDto } from './dto/queue-entry.dto';
import { QueueExport, buildQueueExport } from './queue-export';

const b = MESSAGES.booking;

const ENTRY_COLUMNS = `r.id, r.session_id AS "eventSessionId", r.queue_position AS "queuePosition", r.first_name AS "firstName",
  r.last_name AS "lastName", r.email, r.telephone_number AS "phoneNumber", r.user_tax_id AS "userTaxId", r.created_at AS "queuedAt"`;

interface EntryRow extends Omit<QueueEntry, 'status' | 'queuedAt'> {
  queuedAt: Date;
}

/** The unique indexes that keep one person to one place per session, and the field each one names. */
/** Staff work on a session's waiting list. Waiting entries are registrations in state 2 with positions exactly
 * 1..n; every change locks the session row first (lockSession), then the entry rows, like the booking engine. */
@Injectable()
export class WaitingListService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly emailOutbox: EmailOutbox,
  ) {}

  async list(sessionId: number): Promise<QueueEntry[]> {
    await this.assertSessionExists(sessionId);
    return this.entries(this.ds.manager, sessionId);
  }

  async export(sessionId: number): Promise<QueueExport> {
    const [session] = await this.ds.query(
      `SELECT s.id, e.time_zone AS "timeZone" FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId],
    );
    if (!session) throw AppError.notFound(MESSAGES.sessions.notFound);
    return buildQueueExport(sessionId, session.timeZone, await this.entries(this.ds.manager, sessionId), new Date());
  }

  /** Staff promote one entry, in any order and even while automatic promotion is locked: a free online spot
   * if there is one, else an unused reserved spot. */
  async promote(entryId: number): Promise<{ message: string; registrationId: number }> {
    const result = await this.ds.transaction(async (m) => {
      const { session, entry } = await this.lockEntry(m, entryId);
      let usesReservedSpot: boolean;
      if (freeOnlineSpots(session) > 0) usesReservedSpot = false;
      else if (session.reservedRegistered < session.reservedSpots) usesReservedSpot = true;
      else throw new AppError(409, 'NO_SPOT_TO_PROMOTE', b.noSpotToPromote);

      await m.query(
        `UPDATE registrations SET state = 0, queue_position = NULL, registered_at = now(), promoted_at = now(), uses_reserved_spot = $2 WHERE id = $1`,
        [entryId, usesReservedSpot],
      );
      const counter = usesReservedSpot ? 'reserved_registered' : 'online_registered';
      await m.query(`UPDATE event_sessions SET ${counter} = ${counter} + 1 WHERE id = $1`, [session.id]);
      await closeQueueGap(m, session, entry.queuePosition);
      await recordEmails(m, 'Promotion', [entryId]);
      await recordPromotionSms(m, [entryId]);
      return { message: b.promoted, registrationId: entryId };
    });
    this.emailOutbox.kick();
    return result;
  }

  async update(entryId: number, dto: UpdateQueueEntryDto): Promise<QueueEntry> {
    try {
      return await this.ds.transaction(async (m) => {
        const { session, entry } = await this.lockEntry(m, entryId);
        const email = normalizeEmail(dto.email);
        const userTaxId = taxIdToStore(dto.userTaxId, entry.userTaxId);
        const clashes: { email: string; userTaxId: string }[] = await m.query(
          `SELECT email, user_tax_id AS "userTaxId" FROM registrations
            WHERE session_id = $1 AND state IN (0, 2) AND id <> $2 AND (email = $3 OR user_tax_id = $4)`,
          [session.id, entryId, email, userTaxId],
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
        return (await this.entries(m, session.id, entryId))[0];
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
      await m.query(`DELETE FROM registrations WHERE id = $1`, [entryId]);
      await closeQueueGap(m, session, entry.queuePosition);
      return { message: b.queueRemoved };
    });
  }

  /** Sets positions 1..n in the order given; the list must name every waiting entry of the session once. */
  async reorder(dto: ReorderQueueDto): Promise<QueueEntry[]> {
    return this.ds.transaction(async (m) => {
      const session = await lockSession(m, dto.eventSessionId);
      if (!session) throw AppError.notFound(MESSAGES.sessions.notFound);
      const waiting: { id: number }[] = await m.query(
        `SELECT id FROM registrations WHERE session_id = $1 AND state = 2 FOR UPDATE`,
        [session.id],
      );
      const ids = new Set(waiting.map((row) => row.id));
      const sameSet =
        dto.queueIds.length === ids.size &&
        new Set(dto.queueIds).size === ids.size &&
        dto.queueIds.every((id) => ids.has(id));
      if (!sameSet) throw AppError.field('queueIds', b.reorderMismatch);
      await m.query(
        `UPDATE registrations r SET queue_position = o.position
           FROM unnest($2::int[]) WITH ORDINALITY AS o(id, position)
          WHERE r.id = o.id AND r.session_id = $1 AND r.state = 2`,
        [session.id, dto.queueIds],
      );
      return this.entries(m, session.id);
    });
  }

  /** Locks the entry's session, then the entry (the engine's lock order). 404 unless it is still waiting. */
  private async lockEntry(
    m: EntityManager,
    entryId: number,
  ): Promise<{ session: LockedSession; entry: { queuePosition: number; userTaxId: string } }> {
    const [found] = await m.query(`SELECT session_id FROM registrations WHERE id = $1 AND state = 2`, [entryId]);
    if (!found) throw AppError.notFound(b.queueEntryNotFound);
    const session = (await lockSession(m, found.session_id))!;
    const [entry] = await m.query(
      `SELECT state, queue_position AS "queuePosition", user_tax_id AS "userTaxId" FROM registrations WHERE id = $1 FOR UPDATE`,
      [entryId],
    );
    if (!entry || entry.state !== 2) throw AppError.notFound(b.queueEntryNotFound);
    return { session, entry };
  }

  /** A valid DNI/NIE is stored normalised. Anything else only replaces a document that was not a DNI/NIE
   * either (a passport taken by a manual registration with bypassValidation), stored as that path stores it. */
  private async assertSessionExists(sessionId: number): Promise<void> {
    const [session] = await this.ds.query(`SELECT 1 FROM event_sessions WHERE id = $1`, [sessionId]);
    if (!session) throw AppError.notFound(MESSAGES.sessions.notFound);
  }

  private async entries(m: EntityManager, sessionId: number, entryId?: number): Promise<QueueEntry[]> {
    const rows: EntryRow[] = await m.query(
      `SELECT ${ENTRY_COLUMNS} FROM registrations r
        WHERE r.session_id = $1 AND r.state = 2 AND ($2::int IS NULL OR r.id = $2)
        ORDER BY r.queue_position`,
      [sessionId, entryId ?? null],
    );
    return rows.map((row) => ({ ...row, status: 0, queuedAt: row.queuedAt.toISOString() }));
  }
}
