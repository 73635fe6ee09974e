import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGES } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { keyedHash } from '../../common/crypto/keyed-hash';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

/** One counter of public refusals: the HMAC of an e-mail address, a session token or an IP address, with the
 * number of refusals it may collect in a window. */
export interface RefusalKey {
  hash: string;
  max: number;
}

export interface RefusalLimits {
  perAddress: number;
  perToken: number;
  perIp: number;
}

/** The counters a public registration attempt touches: each attendee's address, the session token and the IP
 * address (those present), hashed, without repeats, in a fixed order (rows of one upsert are locked in that
 * order, so concurrent upserts can't deadlock). Pure. */
export function refusalKeys(
  appSecret: string,
  who: { emails: string[]; token?: string | null; ip?: string | null },
  limits: RefusalLimits,
): RefusalKey[] {
  const keys = new Map<string, number>();
  const add = (kind: string, value: string | null | undefined, max: number) => {
    if (value) keys.set(keyedHash(appSecret, 'public-refusals', `${kind}:${value}`), max);
  };
  for (const email of who.emails) add('email', email, limits.perAddress);
  add('token', who.token, limits.perToken);
  add('ip', who.ip, limits.perIp);
  return [...keys].map(([hash, max]) => ({ hash, max })).sort((a, b) => (a.hash < b.hash ? -1 : 1));
}

/** The 429 of a registration attempt whose address, token or IP has had too many refusals. */
export function tooManyRefusals(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    'TOO_MANY_REQUESTS',
    MESSAGES.booking.tooManyRefusals.replace('{minutes}', String(Math.ceil(seconds / 60))),
    undefined,
    { title: MESSAGES.booking.refusedTitle },
    { 'retry-after': String(seconds) },
  );
}

/** Rate limit of the public registration refusals that say something about a person (blacklisted, already
 * registered): per address, per session token and per IP, in PostgreSQL so it holds across instances and
 * never waits on Redis. Checking costs nothing on the booking path: `checkSql` is a column of the query the
 * booking engine already makes; counting happens only when an attempt is refused. See docs/domain.md,
 * "Probing the blacklist and staff accounts". */
@Injectable()
export class RefusalLimiter {
  private readonly logger = new Logger(RefusalLimiter.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  keys(emails: string[], token: string | undefined, ip: string | null): RefusalKey[] {
    return refusalKeys(
      this.config.appSecret,
      { emails, token, ip },
      {
        perAddress: this.config.publicRefusalsPerAddress,
        perToken: this.config.publicRefusalsPerToken,
        perIp: this.config.publicRefusalsPerIp,
      },
    );
  }

  /** A scalar subquery for a SELECT list: the seconds until the latest block of these key hashes (a text[]
   * parameter) ends, or null when none is blocked now. */
  static checkSql(param: string): string {
    return `(SELECT ceil(extract(epoch FROM max(c.blocked_until) - now()))::int FROM public_refusal_counters c
              WHERE c.key_hash = ANY(${param}::text[]) AND c.blocked_until > now())`;
  }

  /** Counts one refusal on every key, atomically (one upsert: concurrent refusals each get their own count).
   * The refusal that reaches a key's limit blocks it for a window. Answers the seconds to wait when the
   * refusal is beyond a limit (it must then be answered 429, not told), else null. */
  async count(keys: RefusalKey[]): Promise<number | null> {
    if (!keys.length) return null;
    const rows: { over: boolean; retryAfter: number | null }[] = await this.ds.query(
      `INSERT INTO public_refusal_counters AS c (key_hash, window_start, refusals, max_refusals, blocked_until)
       SELECT k.hash, now(), 1, k.max, CASE WHEN k.max <= 1 THEN now() + make_interval(mins => $3) END
         FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(hash, max, n)
        ORDER BY k.n
       ON CONFLICT (key_hash) DO UPDATE SET
         window_start = CASE WHEN c.window_start <= now() - make_interval(mins => $3)
                              AND coalesce(c.blocked_until <= now(), true) THEN now() ELSE c.window_start END,
         refusals = CASE WHEN c.window_start <= now() - make_interval(mins => $3)
                          AND coalesce(c.blocked_until <= now(), true) THEN 1 ELSE c.refusals + 1 END,
         max_refusals = EXCLUDED.max_refusals,
         blocked_until = CASE
           WHEN c.window_start <= now() - make_interval(mins => $3) AND coalesce(c.blocked_until <= now(), true)
             THEN EXCLUDED.blocked_until
           WHEN c.blocked_until > now() THEN c.blocked_until
           WHEN c.refusals + 1 >= EXCLUDED.max_refusals THEN now() + make_interval(mins => $3)
           ELSE NULL END
       RETURNING c.refusals > c.max_refusals AS over,
                 ceil(extract(epoch FROM c.blocked_until - now()))::int AS "retryAfter"`,
      [keys.map((k) => k.hash), keys.map((k) => k.max), this.config.publicRefusalWindowMinutes],
    );
    const over = rows.filter((r) => r.over);
    return over.length ? Math.max(...over.map((r) => r.retryAfter ?? 1)) : null;
  }

  /** Counters whose window and block have both passed say nothing any more. Every instance runs it; a row
   * deleted twice is no harm. */
  @Interval(10 * 60_000)
  async purge(): Promise<void> {
    try {
      await this.ds.query(
        `DELETE FROM public_refusal_counters
          WHERE window_start < now() - make_interval(mins => $1) AND coalesce(blocked_until < now(), true)`,
        [this.config.publicRefusalWindowMinutes],
      );
      await this.ds.query(`DELETE FROM blacklist_refusal_notices WHERE sent_at < now() - interval '1 day'`);
    } catch (error) {
      this.logger.warn(`Limpieza de contadores de rechazos fallida: ${(error as Error).message}`);
    }
  }
}
