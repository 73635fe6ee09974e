import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLACKLIST_NOTIFICATION,
  BLACKLIST_REASONS,
  BlacklistCheck,
  BlacklistEntry,
  BlacklistNotificationType,
  BlacklistPage,
  BlacklistReason,
  BlacklistReasonOption,
  MESSAGES,
  REGISTRATION_STATE,
  isValidEmail,
  normalizeEmail,
  type VisitorLanguage,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { keyedHash } from '../../common/crypto/keyed-hash';
import { blacklistPersonText, peopleSearchSql, searchWords, unaccentedMatch } from '../../database/people-search';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { Principal } from '../auth/principal';
import { EmailOutbox } from '../email/email-outbox';
import { HistoryService } from '../history/history.service';
import { SmsOutbox } from '../sms/sms-outbox';
import { CreateBlacklistEntryDto, ListBlacklistQueryDto, UpdateBlacklistEntryDto } from './dto/blacklist.dto';
import { expiryProblem, parseExpiry } from './expiry';

const M = MESSAGES.blacklist;
const DEFAULT_PAGE_SIZE = 20;

/** What the booking engine needs to refuse a person: their latest active entry. */
export interface ActiveBlacklistEntry {
  expiresAt: Date;
  reason: BlacklistReason;
}

/** The entries of blacklist_entries that block one of these normalised e-mails (a text[] parameter) now. */
function activeEntriesSql(param: string): string {
  return `email = ANY(${param}::text[]) AND expires_at > now()`;
}

/** A scalar subquery for a SELECT list: which of these normalised e-mails (a text[] parameter) are blacklisted now
 * (an active entry, as activeEntryFor reads them), as a text[]; null when none. For the booking engine's one read
 * before a public registration, which needs no date or reason. */
export function blacklistedNowSql(param: string): string {
  return `(SELECT array_agg(DISTINCT email) FROM blacklist_entries WHERE ${activeEntriesSql(param)})`;
}

/** An entry as read: the contract's fields, with the two instants still dates. */
type EntryRow = Omit<BlacklistEntry, 'expiresAt' | 'createdAt'> & { expiresAt: Date; createdAt: Date };

/** An entry with its event's title and its session's date and times (null once they are gone). */
const ENTRY_SELECT = `
  SELECT b.id, b.event_id AS "eventId", e.title AS "eventTitle", b.event_session_id AS "eventSessionId",
         b.email, b.first_name AS "firstName", b.last_name AS "lastName", b.phone_number AS "phoneNumber",
         b.reason AS "blackListReason", b.reason_desc AS "blackListReasonDesc", b.notification_type AS "notificationType",
         b.expires_at AS "expiresAt",
         to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI:SS') AS "startTime",
         to_char(s.end_time, 'HH24:MI:SS') AS "endTime", s.is_all_day AS "isAllDay",
         b.expires_at > now() AS "isActive", b.created_at AS "createdAt"
    FROM blacklist_entries b
    LEFT JOIN events e ON e.id = b.event_id
    LEFT JOIN event_sessions s ON s.id = b.event_session_id`;

/** The people search's rule (database/people-search.ts) on an entry's person and its event's title. */
function searchFilter(search: string | undefined): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const words = searchWords(search);
  const where = peopleSearchSql(
    blacklistPersonText('b'),
    words,
    (value) => `$${params.push(value)}`,
    (pattern) => unaccentedMatch('e.title', pattern),
  );
  return { where: words.length ? `WHERE ${where}` : '', params };
}

@Injectable()
export class BlacklistService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly emailOutbox: EmailOutbox,
    private readonly smsOutbox: SmsOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly history: HistoryService,
  ) {}

  /** Newest first. paginated=false answers every entry (same shape, one page). */
  async list(query: ListBlacklistQueryDto): Promise<BlacklistPage> {
    const { where, params } = searchFilter(query.search);
    const order = 'ORDER BY b.created_at DESC, b.id DESC';

    if (query.paginated === false) {
      const rows: EntryRow[] = await this.ds.query(`${ENTRY_SELECT} ${where} ${order}`, params);
      return {
        data: rows.map(toEntry),
        totalCount: rows.length,
        totalPages: rows.length ? 1 : 0,
        hasPreviousPage: false,
        hasNextPage: false,
      };
    }

    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const [{ count }]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count FROM blacklist_entries b LEFT JOIN events e ON e.id = b.event_id ${where}`,
      params,
    );
    const rows: EntryRow[] = await this.ds.query(
      `${ENTRY_SELECT} ${where} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    const totalPages = Math.ceil(count / pageSize);
    return {
      data: rows.map(toEntry),
      totalCount: count,
      totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
    };
  }

  async get(id: number, db: DataSource | EntityManager = this.ds): Promise<BlacklistEntry> {
    const [row]: EntryRow[] = await db.query(`${ENTRY_SELECT} WHERE b.id = $1`, [id]);
    if (!row) throw AppError.notFound(M.notFound);
    return toEntry(row);
  }

  reasons(): BlacklistReasonOption[] {
    return BLACKLIST_REASONS.map(({ value, label }) => ({ value, label }));
  }

  /** Blacklists a person registered (active, cancelled or waiting) in the session, and records the message
   * telling them in the same transaction: an e-mail to send (pending in email_messages) for notificationType
   * 1, an SMS (sms_messages, modules/sms) for 0. */
  async create(dto: CreateBlacklistEntryDto, actor: Principal): Promise<BlacklistEntry> {
    const expiresAt = this.acceptableExpiry(dto.expiresAt);
    const email = normalizeEmail(dto.email);
    const notificationType = dto.notificationType ?? BLACKLIST_NOTIFICATION.Email;
    const entry = await this.ds.transaction(async (m) => {
      const [event]: { id: number }[] = await m.query(`SELECT id FROM events WHERE id = $1`, [dto.eventId]);
      if (!event) throw AppError.field('eventId', M.eventRequired);
      const [session]: { id: number }[] = await m.query(
        `SELECT id FROM event_sessions WHERE id = $1 AND event_id = $2`,
        [dto.eventSessionId, dto.eventId],
      );
      if (!session) throw AppError.field('eventSessionId', M.sessionRequired);
      // The person as registered there: an active place first, then a waiting one, then the latest cancelled.
      const [person]: {
        id: number;
        firstName: string;
        lastName: string;
        phone: string | null;
        taxId: string;
        language: VisitorLanguage;
      }[] = await m.query(
        `SELECT id, first_name AS "firstName", last_name AS "lastName", telephone_number AS phone, user_tax_id AS "taxId",
                  language
           FROM registrations
          WHERE session_id = $1 AND lower(email) = $2
          ORDER BY CASE state WHEN $3 THEN 0 WHEN $4 THEN 1 ELSE 2 END, registered_at DESC, id DESC
          LIMIT 1`,
        [dto.eventSessionId, email, REGISTRATION_STATE.Active, REGISTRATION_STATE.Waiting],
      );
      if (!person) throw AppError.field('email', M.personNotInSession);

      const firstName = dto.firstName || person.firstName;
      const lastName = dto.lastName || person.lastName;
      const phoneNumber = dto.phoneNumber === undefined ? person.phone : dto.phoneNumber;
      assertReachable(notificationType, phoneNumber);

      // Once per person and session (the unique rule): an entry already there, or one committed meanwhile by
      // another request (the insert waits for it), leaves this one with nothing written, no message, no history.
      const [inserted]: { id: number }[] = await m.query(
        `INSERT INTO blacklist_entries (event_id, event_session_id, email, first_name, last_name, phone_number, reason, reason_desc,
                                        notification_type, expires_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (event_session_id, email) DO NOTHING RETURNING id`,
        [
          dto.eventId,
          dto.eventSessionId,
          email,
          firstName,
          lastName,
          phoneNumber,
          dto.blackListReason,
          dto.blackListReasonDesc ?? null,
          notificationType,
          expiresAt,
          actor.userId,
        ],
      );
      if (!inserted) throw await alreadyListed(m, dto.eventSessionId, email);
      const { id } = inserted;
      await this.history.record(m, { subject: 'registration', ids: [person.id], action: 'blacklisted' });
      if (notificationType === BLACKLIST_NOTIFICATION.Email) {
        await this.emailOutbox.recordBlacklist(m, {
          registrationId: person.id,
          eventId: dto.eventId,
          sessionId: dto.eventSessionId,
          email,
          recipientName: `${firstName} ${lastName}`.trim(),
          userTaxId: person.taxId,
          data: {
            blacklistEntryId: id,
            expiresAt: expiresAt.toISOString(),
            reason: dto.blackListReason,
            reasonLabel: reasonLabel(dto.blackListReason),
          },
        });
      } else {
        await this.smsOutbox.recordBlacklist(m, {
          registrationId: person.id,
          eventId: dto.eventId,
          sessionId: dto.eventSessionId,
          email,
          phoneNumber: phoneNumber!,
          expiresAt,
          reason: dto.blackListReason,
          language: person.language,
          createdBy: actor.userId,
        });
      }
      return this.get(id, m);
    });
    return entry;
  }

  /** Changes what was decided (reason, description, notification type, expiry) and the contact details; the
   * person, event and session stay. An expiry left as it was is accepted even if it has passed, so an expired
   * entry can be corrected without being revived. No new message is recorded. */
  async update(id: number, dto: UpdateBlacklistEntryDto): Promise<BlacklistEntry> {
    const expiresAt = parseExpiry(dto.expiresAt);
    if (!expiresAt) throw AppError.field('expiresAt', M.expiresAtInvalid);
    return this.ds.transaction(async (m) => {
      const [current]: { expiresAt: Date; phone: string | null; notificationType: BlacklistNotificationType }[] =
        await m.query(
          `SELECT expires_at AS "expiresAt", phone_number AS phone, notification_type AS "notificationType"
           FROM blacklist_entries WHERE id = $1 FOR UPDATE`,
          [id],
        );
      if (!current) throw AppError.notFound(M.notFound);
      if (expiresAt.getTime() !== current.expiresAt.getTime()) this.acceptableExpiry(dto.expiresAt);
      const notificationType = dto.notificationType ?? current.notificationType;
      const phoneNumber = dto.phoneNumber === undefined ? current.phone : dto.phoneNumber;
      assertReachable(notificationType, phoneNumber);
      await m.query(
        `UPDATE blacklist_entries
            SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name), phone_number = $4, reason = $5,
                reason_desc = CASE WHEN $6::boolean THEN reason_desc ELSE $7 END, notification_type = $8, expires_at = $9
          WHERE id = $1`,
        [
          id,
          dto.firstName || null,
          dto.lastName || null,
          phoneNumber,
          dto.blackListReason,
          dto.blackListReasonDesc === undefined,
          dto.blackListReasonDesc ?? null,
          notificationType,
          expiresAt,
        ],
      );
      return this.get(id, m);
    });
  }

  async remove(id: number): Promise<void> {
    const [, deleted]: [unknown[], number] = await this.ds.query(`DELETE FROM blacklist_entries WHERE id = $1`, [id]);
    if (!deleted) throw AppError.notFound(M.notFound);
  }

  /** Whether the e-mail is blocked now, with its latest active entry's expiry and reason. */
  async check(email: string): Promise<BlacklistCheck> {
    if (!isValidEmail(email)) throw AppError.field('email', M.emailInvalid);
    const normalized = normalizeEmail(email);
    const active = (await this.activeEntryFor([normalized])).get(normalized);
    return {
      email: normalized,
      isBlacklisted: !!active,
      expiresAt: active ? active.expiresAt.toISOString() : null,
      reason: active ? active.reason : null,
    };
  }

  /** The active entry (the one expiring last) of each of these e-mails that is blacklisted now, keyed by the
   * normalised e-mail. For the booking engine: pass its EntityManager to read inside its transaction. */
  async activeEntryFor(
    emails: string[],
    db: DataSource | EntityManager = this.ds,
  ): Promise<Map<string, ActiveBlacklistEntry>> {
    const normalized = [...new Set(emails.map(normalizeEmail))];
    const result = new Map<string, ActiveBlacklistEntry>();
    if (!normalized.length) return result;
    const rows: { email: string; expiresAt: Date; reason: BlacklistReason }[] = await db.query(
      `SELECT DISTINCT ON (email) email, expires_at AS "expiresAt", reason
         FROM blacklist_entries
        WHERE ${activeEntriesSql('$1')}
        ORDER BY email, expires_at DESC, id DESC`,
      [normalized],
    );
    for (const row of rows) result.set(row.email, { expiresAt: row.expiresAt, reason: row.reason });
    return result;
  }

  /** After a public registration was refused because this address is blacklisted: records the e-mail that
   * tells the person the details the refusal leaves out (until when, why), at most once a day per address, so
   * refusals can't be used to flood them. The name and the reason come from their entry, nothing from the
   * request. One transaction: the day's mark, then the message through the e-mail outbox. Answers whether a
   * message was recorded (sent once the transaction commits). See docs/domain.md, "Probing the blacklist and staff
   * accounts". */
  async recordRefusalNotice(email: string, sessionId: number, language: VisitorLanguage = 'es'): Promise<boolean> {
    const normalized = normalizeEmail(email);
    return this.ds.transaction(async (m) => {
      // The day's mark, only when the address has an active entry and no notice in the last day.
      const [marked]: {
        entryId: number;
        name: string;
        expiresAt: Date;
        reason: BlacklistReason;
        eventId: number;
      }[] = await m.query(
        `WITH b AS (
           SELECT id, first_name, last_name, expires_at, reason FROM blacklist_entries
            WHERE email = $1 AND expires_at > now() ORDER BY expires_at DESC, id DESC LIMIT 1),
         n AS (
           INSERT INTO blacklist_refusal_notices AS x (email_hash, sent_at) SELECT $2, now() FROM b
           ON CONFLICT (email_hash) DO UPDATE SET sent_at = now() WHERE x.sent_at <= now() - interval '1 day'
           RETURNING 1)
         SELECT b.id AS "entryId", trim(b.first_name || ' ' || b.last_name) AS name, b.expires_at AS "expiresAt",
                b.reason, s.event_id AS "eventId"
           FROM b, n, event_sessions s WHERE s.id = $3`,
        [normalized, keyedHash(this.config.appSecret, 'blacklist-refusal', normalized), sessionId],
      );
      if (!marked) return false;
      await this.emailOutbox.recordBlacklist(m, {
        registrationId: null,
        eventId: marked.eventId,
        sessionId,
        email: normalized,
        recipientName: marked.name,
        userTaxId: null,
        data: {
          blacklistEntryId: marked.entryId,
          expiresAt: new Date(marked.expiresAt).toISOString(),
          reason: marked.reason,
          reasonLabel: reasonLabel(marked.reason),
          refusedRegistration: true,
          // No registration to read it from: the notice is written in the refused request's language.
          language,
        },
      });
      return true;
    });
  }

  private acceptableExpiry(value: string): Date {
    const expiresAt = parseExpiry(value);
    if (!expiresAt) throw AppError.field('expiresAt', M.expiresAtInvalid);
    const problem = expiryProblem(expiresAt);
    if (problem) throw AppError.field('expiresAt', problem);
    return expiresAt;
  }
}

/** The refusal of a second entry for a person and session, saying whether the one there still applies. */
async function alreadyListed(m: EntityManager, sessionId: number, email: string): Promise<AppError> {
  const [entry]: { active: boolean }[] = await m.query(
    `SELECT expires_at > now() AS active FROM blacklist_entries WHERE event_session_id = $1 AND email = $2`,
    [sessionId, email],
  );
  const message = entry && !entry.active ? M.alreadyBlacklistedExpired : M.alreadyBlacklisted;
  return new AppError('ALREADY_BLACKLISTED', message, { email: [message] });
}

/** An SMS needs a phone number to go to. */
function assertReachable(notificationType: number, phoneNumber: string | null): void {
  if (notificationType === BLACKLIST_NOTIFICATION.Sms && !phoneNumber)
    throw AppError.field('phoneNumber', M.phoneRequiredForSms);
}

function reasonLabel(reason: number): string {
  return BLACKLIST_REASONS.find((r) => r.value === reason)?.label ?? String(reason);
}

function toEntry(row: EntryRow): BlacklistEntry {
  return { ...row, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString() };
}
