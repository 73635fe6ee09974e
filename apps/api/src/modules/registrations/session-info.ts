import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { namedStatement, runPrepared } from '../../database/named-statement';
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

/** The read's columns, for a request whose session, token, refusal keys, e-mails and tax IDs are the SQL given. */
function infoColumnsSql(session: string, token: string, keys: string, emails: string, taxIds: string): string {
  return `s.id, e.status AS "eventStatus", s.is_registration_open AS "isRegistrationOpen", s.starts_at <= now() AS started,
          ${freeOnlineSpotsSql('s')} AS "freeOnline",
          s.queue_count AS "queueCount", s.max_queue_spots AS "maxQueueSpots",
          EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = s.id AND (h.token = ${token} OR ${holdExpiredSql('h')})) AS uncertain,
          ${RefusalLimiter.checkSql(keys)} AS "retryAfter",
          ${blacklistedNowSql(emails)} AS blacklisted,
          (SELECT json_agg(p) FROM (${peopleAlreadyInSql(session, emails, taxIds)}) p) AS existing`;
}

interface InfoParams {
  session: number;
  token: string;
  keys: string[];
  emails: string[];
  taxIds: string[];
}

/** The read of one request. */
export const SESSION_INFO = namedStatement<InfoParams>(
  'booking.session-info',
  (p) => `SELECT ${infoColumnsSql(p('session'), p('token'), p('keys'), p('emails'), p('taxIds'))}
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ${p('session')}`,
);

/** The read of a batch, one row per request (q.n): each request's keys and people picked out of flat arrays by their
 * request number (as array expressions: the cast keeps `= ANY(...)` from reading them as subqueries). */
interface InfoBatchParams {
  session: number;
  tokens: string[];
  keys: string[];
  keyRequests: number[];
  emails: string[];
  taxIds: string[];
  personRequests: number[];
}

export const SESSION_INFO_BATCH = namedStatement<InfoBatchParams>('booking.session-info-batch', (p) => {
  const mine = (array: string, requests: string) =>
    `(SELECT coalesce(array_agg(x.v), '{}') FROM unnest(${array}::text[], ${requests}::int[]) AS x(v, n) WHERE x.n = q.n)::text[]`;
  const emails = mine(p('emails'), p('personRequests'));
  return `SELECT q.n::int AS n, ${infoColumnsSql(p('session'), 'q.token', mine(p('keys'), p('keyRequests')), emails, mine(p('taxIds'), p('personRequests')))}
         FROM unnest(${p('tokens')}::text[]) WITH ORDINALITY AS q(token, n)
         JOIN event_sessions s ON s.id = ${p('session')} JOIN events e ON e.id = s.event_id`;
});

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
    const [row] = await runPrepared<SessionInfo, InfoParams>(this.ds, SESSION_INFO, {
      session: sessionId,
      token: r.token,
      keys: r.refusalKeys,
      emails: r.people.map((p) => p.email),
      taxIds: r.people.map((p) => p.userTaxId),
    });
    return row ?? null;
  }

  private async readMany(sessionId: number, batch: InfoRequest[]): Promise<(SessionInfo | null)[]> {
    const keys = batch.flatMap((r, i) => r.refusalKeys.map((hash) => ({ hash, n: i + 1 })));
    const people = batch.flatMap((r, i) => r.people.map((p) => ({ ...p, n: i + 1 })));
    const rows = await runPrepared<SessionInfo & { n: number }, InfoBatchParams>(this.ds, SESSION_INFO_BATCH, {
      session: sessionId,
      tokens: batch.map((r) => r.token),
      keys: keys.map((k) => k.hash),
      keyRequests: keys.map((k) => k.n),
      emails: people.map((p) => p.email),
      taxIds: people.map((p) => p.userTaxId),
      personRequests: people.map((p) => p.n),
    });
    const byRequest = new Map(rows.map(({ n, ...info }) => [n, info]));
    return batch.map((_, i) => byRequest.get(i + 1) ?? null);
  }
}
