import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared';
import { blacklistedNowSql } from '../blacklist/blacklist.service';
import { peopleAlreadyInSql } from '../booking-engine/booking-statements';
import { freeOnlineSpotsSql, holdExpiredSql } from '../booking-engine/booking-rules';
import { Coalescer } from '../booking-engine/coalescer';
import { RefusalLimiter } from './refusal-limiter';

/** The session as a registration decides on it, read once before any write. */
export interface SessionInfo {
  id: number;
  eventStatus: number;
  isRegistrationOpen: boolean;
  started: boolean;
  freeOnline: number;
  queueCount: number;
  maxQueueSpots: number;
  /** The caller holds spots here, or expired holds still take room in the counter: numbers may be better than they look. */
  uncertain: boolean;
  /** Seconds until the refusal limit of the attempt's address, token or IP lets it try again; null if none. */
  retryAfter: number | null;
  /** Which of the attendees' e-mails are blacklisted now; null when none. */
  blacklisted: string[] | null;
  /** The attendees already active or waiting in the session (by e-mail or tax ID); null when none. */
  existing: { email: string; user_tax_id: string }[] | null;
}

/** What a public registration asks of the read: its token, the hashes of its refusal keys, its people. */
export interface InfoRequest {
  token: string;
  refusalKeys: string[];
  people: { email: string; userTaxId: string }[];
}

/** The read's columns, for a request whose token, refusal keys, e-mails and tax IDs are the SQL given. */
function infoColumnsSql(token: string, keys: string, emails: string, taxIds: string): string {
  return `s.id, e.status AS "eventStatus", s.is_registration_open AS "isRegistrationOpen", s.starts_at <= now() AS started,
          ${freeOnlineSpotsSql('s')} AS "freeOnline",
          s.queue_count AS "queueCount", s.max_queue_spots AS "maxQueueSpots",
          EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = s.id AND (h.token = ${token} OR ${holdExpiredSql('h')})) AS uncertain,
          ${RefusalLimiter.checkSql(keys)} AS "retryAfter",
          ${blacklistedNowSql(emails)} AS blacklisted,
          (SELECT json_agg(p) FROM (${peopleAlreadyInSql('$1', emails, taxIds)}) p) AS existing`;
}

/** The one read before a registration: the session's state and room, the refusal limit of the attempt's keys, which
 * attendees are blacklisted now and which are already in, as columns of one statement. Public registrations of a
 * session arriving together share one read (one row per request; docs/domain.md, "Bookings decided together"). */
@Injectable()
export class SessionInfoReader {
  private readonly reads = new Coalescer<number, InfoRequest, SessionInfo | null>((id, batch) =>
    batch.length === 1 ? this.readOne(id, batch[0]).then((row) => [row]) : this.readMany(id, batch),
  );

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The session as this request sees it; null when the session doesn't exist. */
  read(
    sessionId: number,
    request: InfoRequest = { token: '', refusalKeys: [], people: [] },
  ): Promise<SessionInfo | null> {
    return this.reads.submit(sessionId, request);
  }

  private async readOne(sessionId: number, r: InfoRequest): Promise<SessionInfo | null> {
    const [row] = await preparedQuery<SessionInfo>(
      this.ds,
      'booking.session-info',
      `SELECT ${infoColumnsSql('$2', '$3', '$4', '$5')}
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId, r.token, r.refusalKeys, r.people.map((p) => p.email), r.people.map((p) => p.userTaxId)],
    );
    return row ?? null;
  }

  /** One row per request (q.n): each request's keys and people picked out of flat arrays by their request number (as
   * array expressions: the cast keeps `= ANY(...)` from reading them as subqueries). */
  private async readMany(sessionId: number, batch: InfoRequest[]): Promise<(SessionInfo | null)[]> {
    const keys = batch.flatMap((r, i) => r.refusalKeys.map((hash) => ({ hash, n: i + 1 })));
    const people = batch.flatMap((r, i) => r.people.map((p) => ({ ...p, n: i + 1 })));
    const mine = (array: string, requests: string) =>
      `(SELECT coalesce(array_agg(x.v), '{}') FROM unnest(${array}::text[], ${requests}::int[]) AS x(v, n) WHERE x.n = q.n)::text[]`;
    const emails = mine('$5', '$7');
    const rows = await preparedQuery<SessionInfo & { n: number }>(
      this.ds,
      'booking.session-info-batch',
      `SELECT q.n::int AS n, ${infoColumnsSql('q.token', mine('$3', '$4'), emails, mine('$6', '$7'))}
         FROM unnest($2::text[]) WITH ORDINALITY AS q(token, n)
         JOIN event_sessions s ON s.id = $1 JOIN events e ON e.id = s.event_id`,
      [
        sessionId,
        batch.map((r) => r.token),
        keys.map((k) => k.hash),
        keys.map((k) => k.n),
        people.map((p) => p.email),
        people.map((p) => p.userTaxId),
        people.map((p) => p.n),
      ],
    );
    const byRequest = new Map(rows.map(({ n, ...info }) => [n, info]));
    return batch.map((_, i) => byRequest.get(i + 1) ?? null);
  }
}
