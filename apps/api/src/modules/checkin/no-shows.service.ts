import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLACKLIST_DEFAULT_EXPIRY_DAYS,
  BLACKLIST_NOTIFICATION,
  BlacklistNoShowsAnswer,
  BlacklistNoShowsRequest,
  CHECKIN_MESSAGES,
  NoShow,
  REGISTRATION_STATE,
} from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { Principal } from '../auth/principal';
import { BlacklistService } from '../blacklist/blacklist.service';
import { calendarDate } from '../blacklist/expiry';

const M = CHECKIN_MESSAGES;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'No presentados' (docs/domain.md, "No-shows"): once a session has ended, its active registrations without a
 * live check-in. Staff add some or all to the blacklist in one action, as the blacklist dialog would one by one. */
@Injectable()
export class NoShowsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly blacklist: BlacklistService,
  ) {}

  async list(sessionId: number): Promise<NoShow[]> {
    await this.assertEnded(sessionId);
    return this.ds.query(
      `SELECT r.id AS "registrationId", r.first_name AS "firstName", r.last_name AS "lastName", r.email,
              r.telephone_number AS "telephoneNumber",
              EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.email = lower(r.email) AND b.expires_at > now()) AS "alreadyBlacklisted"
         FROM registrations r
        WHERE r.session_id = $1 AND r.state = $2
          AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.registration_id = r.id AND c.undone_at IS NULL)
        ORDER BY r.last_name, r.first_name, r.id`,
      [sessionId, REGISTRATION_STATE.Active],
    );
  }

  /** Reason 0 (No Show), expiry 30 days ahead and an e-mail by default (the dialog's defaults); people already
   * blacklisted are skipped, and so are ids that are not no-shows of this session. An SMS notification for a
   * person without a phone goes by e-mail instead. */
  async blacklistNoShows(
    sessionId: number,
    dto: BlacklistNoShowsRequest,
    actor: Principal,
  ): Promise<BlacklistNoShowsAnswer> {
    if (dto.all !== true && !dto.registrationIds?.length) throw AppError.field('registrationIds', M.noShowSelection);
    const noShows = await this.list(sessionId);
    const wanted = dto.all === true ? null : new Set(dto.registrationIds);
    const chosen = wanted ? noShows.filter((n) => wanted.has(n.registrationId)) : noShows;
    const skippedNotNoShow = wanted ? wanted.size - chosen.length : 0;
    const [{ eventId }]: { eventId: number }[] = await this.ds.query(
      `SELECT event_id AS "eventId" FROM event_sessions WHERE id = $1`,
      [sessionId],
    );
    const expiresAt = dto.expiresAt ?? calendarDate(new Date(Date.now() + BLACKLIST_DEFAULT_EXPIRY_DAYS * DAY_MS));
    let added = 0;
    let skippedAlreadyBlacklisted = 0;
    const emails = new Set<string>();
    for (const person of chosen) {
      const email = person.email.toLowerCase();
      if (person.alreadyBlacklisted || emails.has(email)) {
        skippedAlreadyBlacklisted++;
        continue;
      }
      emails.add(email);
      const notificationType =
        dto.notificationType === BLACKLIST_NOTIFICATION.Sms && person.telephoneNumber
          ? BLACKLIST_NOTIFICATION.Sms
          : BLACKLIST_NOTIFICATION.Email;
      try {
        await this.blacklist.create(
          {
            eventId,
            eventSessionId: sessionId,
            email: person.email,
            blackListReason: 0,
            blackListReasonDesc: dto.blackListReasonDesc ?? null,
            notificationType,
            expiresAt,
          },
          actor,
        );
        added++;
      } catch (error) {
        // Listed for this session meanwhile, or earlier with an entry since expired (one entry per session).
        if (!(error instanceof AppError) || error.code !== 'ALREADY_BLACKLISTED') throw error;
        skippedAlreadyBlacklisted++;
      }
    }
    return {
      added,
      skippedAlreadyBlacklisted,
      skippedNotNoShow,
      message: M.noShowsBlacklisted(added, skippedAlreadyBlacklisted),
    };
  }

  private async assertEnded(sessionId: number): Promise<void> {
    const [row]: { ended: boolean }[] = await this.ds.query(
      `SELECT ends_at <= now() AS ended FROM event_sessions WHERE id = $1`,
      [sessionId],
    );
    if (!row) throw AppError.notFound(M.sessionNotFound);
    if (!row.ended) throw new AppError('SESSION_NOT_ENDED', M.sessionNotEnded);
  }
}
