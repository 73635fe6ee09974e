import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CancellationPreview, MESSAGES, REGISTRATION_STATE } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { BookingEngine, LockedSession, PlacedRow } from '../booking-engine/booking-engine.service';
import { CheckInService } from '../checkin/checkin.service';
import { HistoryActor, VISITOR_ACTOR } from '../history/actor-context';
import { HistoryService } from '../history/history.service';
import { registrationIdFromToken } from './cancel-token';

const b = MESSAGES.booking;
const { Cancelled, Waiting } = REGISTRATION_STATE;

@Injectable()
export class CancellationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engine: BookingEngine,
    private readonly checkIns: CheckInService,
    private readonly history: HistoryService,
  ) {}

  /** Cancels an active registration (or takes a waiting entry off the list), frees its spot, e-mails the
   * person, and promotes from the waiting list. Answers the ids promoted. */
  async cancel(registrationId: number): Promise<{ message: string; promoted: number[] }> {
    const result = await this.ds.transaction(async (m) => {
      const promoted = await this.cancelIn(m, registrationId);
      return { message: b.cancelled, promoted };
    });
    return result;
  }

  /** Deletes a registration or waiting entry outright (staff); an active one frees its spot first. */
  async remove(registrationId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const row = await this.lockRow(m, registrationId);
      await this.history.record(m, { subject: 'registration', ids: [registrationId], action: 'deleted' });
      if (row.state !== Cancelled) await this.release(m, row);
      await this.engine.deleteRegistrations(m, [registrationId], { announce: true });
    });
  }

  async preview(token: string): Promise<CancellationPreview> {
    const id = this.idFromToken(token);
    const [row] = await this.ds.query(
      `SELECT r.id AS "registrationId", r.first_name AS "firstName", e.title AS "eventTitle",
              to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI:SS') AS "startTime",
              to_char(s.end_time, 'HH24:MI:SS') AS "endTime", s.is_all_day AS "isAllDay",
              r.state = $2 AS queued, r.queue_position AS "queuePosition", r.state, r.ticket_secret AS "ticketSecret"
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
        WHERE r.id = $1`,
      [id, Waiting],
    );
    if (!row || row.state === Cancelled) throw new AppError('CANCEL_LINK_USED', b.cancelLinkInvalid);
    const { state, ticketSecret, ...preview } = row;
    // 'Tu entrada': the ticket again, for a person who lost the e-mail; none while waiting.
    return {
      ...preview,
      ticketCode: state === Waiting ? null : this.checkIns.codeFor(row.registrationId, ticketSecret),
    };
  }

  async cancelByToken(token: string): Promise<{ message: string }> {
    const id = this.idFromToken(token);
    const result = await this.ds.transaction(async (m) => {
      const [row] = await m.query(`SELECT state FROM registrations WHERE id = $1`, [id]);
      if (!row || row.state === Cancelled) throw new AppError('CANCEL_LINK_USED', b.cancelLinkInvalid);
      await this.cancelIn(m, id, VISITOR_ACTOR);
      return { message: b.cancelled };
    });
    return result;
  }

  private idFromToken(token: string): number {
    const id = registrationIdFromToken(this.config.appSecret, token);
    if (id === null) throw new AppError('CANCEL_LINK_USED', b.cancelLinkInvalid);
    return id;
  }

  /** `actor`: the person through their link; without it, the request's caller (staff). */
  private async cancelIn(m: EntityManager, registrationId: number, actor?: HistoryActor): Promise<number[]> {
    const row = await this.lockRow(m, registrationId);
    if (row.state === Cancelled) throw AppError.conflict(b.alreadyCancelled);
    const changes = row.state === Waiting ? [{ field: 'queuePosition', from: row.queuePosition, to: null }] : [];
    await this.history.record(m, {
      subject: 'registration',
      ids: [registrationId],
      action: 'cancelled',
      changes,
      actor,
    });
    // The place given back (and any promotion) first: the registration.cancelled webhook body then carries the
    // session's counters as the cancellation leaves them.
    const promoted = await this.release(m, row);
    await this.engine.markCancelled(m, registrationId);
    return promoted;
  }

  /** Locks the session first, then the registration: the same lock order as every booking path. */
  private async lockRow(m: EntityManager, registrationId: number): Promise<PlacedRow & { session: LockedSession }> {
    const locked = await this.engine.lockRegistration(m, registrationId, { lock: 'FOR NO KEY UPDATE' });
    if (!locked) throw AppError.notFound(b.registrationNotFound);
    return { ...locked.row, session: locked.session };
  }

  /** Frees what the registration occupies (BookingEngine.givePlacesBack); an active one's freed seat goes to the
   * waiting list. */
  private async release(m: EntityManager, row: PlacedRow & { session: LockedSession }): Promise<number[]> {
    await this.engine.givePlacesBack(m, row.session, [row]);
    if (row.state === Waiting) return [];
    return this.engine.promoteWaiting(m, row.session);
  }
}
