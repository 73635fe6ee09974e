import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES, EmailLogEntry, EmailLogPage } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { textSearch } from '../../database/people-search';
import { OUTBOX_STATUS } from '../../outbox/outbox-status';
import { ListEmailLogsQueryDto } from './dto/email-log.dto';
import { EmailOutbox } from './email-outbox';

const M = EMAIL_MESSAGES;
const DEFAULT_PAGE_SIZE = 20;
/** Only these can be resent (docs/product.md §4). */
const RESENDABLE = ['Registration', 'Promotion'];

type LogRow = Omit<EmailLogEntry, 'event' | 'sentAt' | 'createdAt'> & {
  eventTitle: string | null;
  eventCity: string | null;
  eventCountry: string | null;
  sentAt: Date | null;
  createdAt: Date;
};

const toEntry = ({ eventTitle, eventCity, eventCountry, ...row }: LogRow): EmailLogEntry => ({
  ...row,
  event: eventTitle === null ? null : { title: eventTitle, city: eventCity ?? '', country: eventCountry ?? '' },
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const FROM = `FROM email_messages m LEFT JOIN events e ON e.id = m.event_id`;
/** What the log's search looks in, by the people search's rule (database/people-search.ts). */
const SEARCHED = ['m.email_address', 'm.recipient_name', 'm.user_tax_id', 'e.title', 'm.email_type'];

/** The e-mail log: every message recorded in the outbox, newest first, with its outcome. */
@Injectable()
export class EmailLogsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: EmailOutbox,
  ) {}

  async list(query: ListEmailLogsQueryDto): Promise<EmailLogPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const search = textSearch(SEARCHED, query.search);
    const where = `WHERE ${search.where}`;
    const params = search.params;
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${FROM} ${where}`, params);
    const rows: LogRow[] = await this.ds.query(
      `SELECT m.id::int, m.email_address AS "emailAddress", m.recipient_name AS "recipientName", m.user_tax_id AS "userTaxId",
              e.title AS "eventTitle", e.city AS "eventCity", e.country AS "eventCountry", m.status, m.error_message AS "errorMessage",
              m.sent_at AS "sentAt", m.email_type AS "emailType", m.created_at AS "createdAt", m.attempts
         ${FROM} ${where}
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    const totalPages = Math.ceil(total / pageSize);
    return {
      data: rows.map(toEntry),
      totalCount: total,
      totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
      page,
      pageSize,
    };
  }

  /** A failed Registration or Promotion e-mail goes back to pending with its tries reset, and is sent with the
   * current template and data. Refused while sending is disabled (it would only wait) and when the registration
   * is no longer active (its links would be dead). */
  async resend(id: number): Promise<{ message: string }> {
    const [row] = await this.ds.query(
      `SELECT m.status, m.email_type AS "emailType", r.state AS "registrationState", (SELECT email_enabled FROM email_settings WHERE id = 1) AS enabled
         FROM email_messages m LEFT JOIN registrations r ON r.id = m.registration_id WHERE m.id = $1`,
      [id],
    );
    if (!row) throw AppError.notFound(M.logNotFound);
    if (row.status !== 2 || !RESENDABLE.includes(row.emailType)) throw AppError.conflict(M.resendOnlyFailed);
    if (row.registrationState !== 0) throw AppError.conflict(M.resendNotActive);
    if (!row.enabled) throw new AppError('EMAIL_DISABLED', M.disabled);
    const [, changed] = await this.ds.query(
      `UPDATE email_messages SET status = ${OUTBOX_STATUS.Pending}, attempts = 0, error_message = NULL, sent_at = NULL, claimed_until = NULL, next_attempt_at = now()
        WHERE id = $1 AND status = ${OUTBOX_STATUS.Failed}`,
      [id],
    );
    // Resent by someone else meanwhile: the same outcome.
    if (changed) this.outbox.kick();
    return { message: M.resendQueued };
  }

  async remove(id: number): Promise<void> {
    const [, deleted] = await this.ds.query(`DELETE FROM email_messages WHERE id = $1`, [id]);
    if (!deleted) throw AppError.notFound(M.logNotFound);
  }

  /** Every log row, pending ones included (they won't be sent). */
  async removeAll(): Promise<{ message: string; deleted: number }> {
    const [, deleted] = await this.ds.query(`DELETE FROM email_messages`);
    return { message: M.logsDeleted(deleted), deleted };
  }
}
