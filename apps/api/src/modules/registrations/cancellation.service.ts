import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CancellationPreview, MESSAGES } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { EmailOutbox } from '../email/email-outbox';
import { registrationIdFromToken } from './cancel-token';
import { recordEmails } from './outbox';
import { closeQueueGap, promoteWaiting } from './promotion';
import { lockSession } from './session-state';

const b = MESSAGES.booking;

@Injectable()
export class CancellationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emailOutbox: EmailOutbox,
  ) {}

  /** Cancels an active registration (or takes a waiting entry off the list), frees its spot, e-mails the
   * person, and promotes from the waiting list. Answers the ids promoted. */
  async cancel(registrationId: number): Promise<{ message: string; promoted: number[] }> {
    const result = await this.ds.transaction(async (m) => {
      const promoted = await this.cancelIn(m, registrationId);
      return { message: b.cancelled, promoted };
    });
    this.emailOutbox.kick();
    return result;
  }

  /** Deletes a registration or waiting entry outright (staff); an active one frees its spot first. */
  async remove(registrationId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const row = await this.lockRow(m, registrationId);
      if (row.state !== 1) await this.release(m, row);
      await m.query(`DELETE FROM registrations WHERE id = $1`, [registrationId]);
    });
    this.emailOutbox.kick();
  }

  async preview(token: string): Promise<CancellationPreview> {
    const id = this.idFromToken(token);
    const [row] = await this.ds.query(
      `SELECT r.id AS "registrationId", r.first_name AS "firstName", e.title AS "eventTitle",
              to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI:SS') AS "startTime",
              to_char(s.end_time, 'HH24:MI:SS') AS "endTime", s.is_all_day AS "isAllDay",
              r.state = 2 AS queued, r.queue_position AS "queuePosition", r.state
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
        WHERE r.id = $1`,
      [id],
    );
    if (!row || row.state === 1) throw new AppError(410, 'CANCEL_LINK_USED', b.cancelLinkInvalid);
    delete row.state;
    return row;
  }

  async cancelByToken(token: string): Promise<{ message: string }> {
    const id = this.idFromToken(token);
    const result = await this.ds.transaction(async (m) => {
      const [row] = await m.query(`SELECT state FROM registrations WHERE id = $1`, [id]);
      if (!row || row.state === 1) throw new AppError(410, 'CANCEL_LINK_USED', b.cancelLinkInvalid);
      await this.cancelIn(m, id);
      return { message: b.cancelled };
    });
    this.emailOutbox.kick();
    return result;
  }

  private idFromToken(token: string): number {
    const id = registrationIdFromToken(this.config.appSecret, token);
    if (id === null) throw new AppError(410, 'CANCEL_LINK_USED', b.cancelLinkInvalid);
    return id;
  }

  private async cancelIn(m: EntityManager, registrationId: number): Promise<number[]> {
    const row = await this.lockRow(m, registrationId);
    if (row.state === 1) throw AppError.conflict(b.alreadyCancelled);
    await m.query(`UPDATE registrations SET state = 1, queue_position = NULL, cancelled_at = now() WHERE id = $1`, [
      registrationId,
    ]);
    await recordEmails(m, 'Cancellation', [registrationId]);
    return this.release(m, row);
  }

  /** Locks the session first, then reads the registration: the same lock order as every booking path. */
  private async lockRow(m: EntityManager, registrationId: number) {
    const [found] = await m.query(`SELECT session_id FROM registrations WHERE id = $1`, [registrationId]);
    if (!found) throw AppError.notFound(b.registrationNotFound);
    const session = (await lockSession(m, found.session_id))!;
    const [row] = await m.query(
      `SELECT id, state, uses_reserved_spot AS "usesReservedSpot", queue_position AS "queuePosition" FROM registrations WHERE id = $1 FOR NO KEY UPDATE`,
      [registrationId],
    );
    if (!row) throw AppError.notFound(b.registrationNotFound);
    return { ...row, session } as {
      id: number;
      state: number;
      usesReservedSpot: boolean;
      queuePosition: number | null;
      session: Awaited<ReturnType<typeof lockSession>> & object;
    };
  }

  /** Frees what the registration occupies and promotes into freed online spots. */
  private async release(m: EntityManager, row: Awaited<ReturnType<CancellationService['lockRow']>>): Promise<number[]> {
    const { session } = row;
    if (row.state === 2) {
      await closeQueueGap(m, session, row.queuePosition!);
      return [];
    }
    if (row.usesReservedSpot) {
      await m.query(`UPDATE event_sessions SET reserved_registered = reserved_registered - 1 WHERE id = $1`, [
        session.id,
      ]);
      session.reservedRegistered -= 1;
    } else {
      await m.query(`UPDATE event_sessions SET online_registered = online_registered - 1 WHERE id = $1`, [session.id]);
      session.onlineRegistered -= 1;
    }
    return promoteWaiting(m, session);
  }
}
