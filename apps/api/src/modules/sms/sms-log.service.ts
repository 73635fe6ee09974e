import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SMS_MESSAGES, SMS_STATUS, SmsLogEntry, SmsLogPage, SmsStatusText, SmsTotalCost } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { textSearch } from '../../database/people-search';
import { SmsLogQueryDto, SmsTotalCostQueryDto } from './dto/sms.dto';

const M = SMS_MESSAGES;
const DEFAULT_PAGE_SIZE = 50;
const STATUS_TEXT: Record<number, SmsStatusText> = {
  [SMS_STATUS.Pending]: 'Pending',
  [SMS_STATUS.Sent]: 'Sent',
  [SMS_STATUS.Failed]: 'Failed',
};
const isDay = (value: string) => value.length === 10;

type Row = Omit<SmsLogEntry, 'status' | 'cost' | 'createdAt' | 'sentAt'> & {
  status: number;
  cost: string;
  createdAt: Date;
  sentAt: Date | null;
};

/** The SMS log as staff see it: newest first, searchable, with the total cost of what was sent. */
@Injectable()
export class SmsLogService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(query: SmsLogQueryDto): Promise<SmsLogPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    // The people search's rule (database/people-search.ts).
    const search = textSearch(['phone_number', 'message', 'sent_by'], query.search);
    const where = `WHERE ${search.where}`;
    const params = search.params;
    const [{ count }]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count FROM sms_messages ${where}`,
      params,
    );
    const rows: Row[] = await this.ds.query(
      `SELECT id::int, created_at AS "createdAt", phone_number AS "phoneNumber", message, status, cost, parts, sent_by AS "sentBy",
              error_message AS "errorMessage", provider_id AS "providerId", sent_at AS "sentAt"
         FROM sms_messages ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    return { data: rows.map(toEntry), totalCount: count, totalPages: Math.ceil(count / pageSize), page, pageSize };
  }

  /** Estimated cost of the SMS sent (status Sent) created in the period; both ends optional and inclusive. A
   * date is a whole day in Europe/Madrid. */
  async totalCost({ startDate, endDate }: SmsTotalCostQueryDto): Promise<SmsTotalCost> {
    if (startDate && endDate && bound(endDate, 'end') < bound(startDate, 'start'))
      throw AppError.field('endDate', M.endBeforeStart);
    const conditions = [`status = ${SMS_STATUS.Sent}`];
    const params: string[] = [];
    if (startDate) {
      params.push(startDate);
      conditions.push(
        isDay(startDate)
          ? `created_at >= $${params.length}::date::timestamp AT TIME ZONE 'Europe/Madrid'`
          : `created_at >= $${params.length}::timestamptz`,
      );
    }
    if (endDate) {
      params.push(endDate);
      conditions.push(
        isDay(endDate)
          ? `created_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'`
          : `created_at <= $${params.length}::timestamptz`,
      );
    }
    const [{ total }]: { total: string }[] = await this.ds.query(
      `SELECT coalesce(sum(cost), 0) AS total FROM sms_messages WHERE ${conditions.join(' AND ')}`,
      params,
    );
    return { totalCost: Number(total) };
  }

  /** Deleting a pending message also cancels it: delivery finds no row and sends nothing. */
  async remove(id: number): Promise<void> {
    const [, deleted]: [unknown, number] = await this.ds.query(`DELETE FROM sms_messages WHERE id = $1`, [id]);
    if (!deleted) throw AppError.notFound(M.logNotFound);
  }

  async removeAll(): Promise<{ deletedCount: number }> {
    const [, deleted]: [unknown, number] = await this.ds.query(`DELETE FROM sms_messages`);
    return { deletedCount: deleted };
  }
}

/** A rough instant for comparing the two ends (a day as UTC, its end as the next midnight). */
function bound(value: string, end: 'start' | 'end'): number {
  const time = Date.parse(value);
  return isDay(value) && end === 'end' ? time + 86_400_000 - 1 : time;
}

function toEntry(row: Row): SmsLogEntry {
  return {
    ...row,
    status: STATUS_TEXT[row.status],
    cost: Number(row.cost),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}
