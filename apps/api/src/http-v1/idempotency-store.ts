import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** How often every instance removes expired keys, and how many rows one statement removes. */
const CLEANUP_INTERVAL_MS = 3_600_000;
const CLEANUP_BATCH = 1_000;

/** A first answer, kept to be replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ClaimOutcome =
  { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'mismatch' } | { kind: 'inFlight' };

/** The Idempotency-Key table (migration IdempotencyKeys). A key is claimed by one INSERT ... ON CONFLICT before the
 * request runs, so of any number of simultaneous requests with the same key on any number of instances exactly one
 * runs; the others find its row: in flight (409), answered (replayed), or another request (422). An expired row, or
 * a claim whose instance died (claimed_until passed with no answer), is taken over by the same statement. */
@Injectable()
export class IdempotencyStore implements OnApplicationBootstrap {
  private readonly logger = new Logger('Idempotency');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval(
      'idempotency-cleanup',
      setInterval(() => void this.removeExpired(), CLEANUP_INTERVAL_MS),
    );
  }

  async claim(scope: string, key: string, fingerprint: string): Promise<ClaimOutcome> {
    const claimed: unknown[] = await this.ds.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, expires_at, claimed_until)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4), now() + make_interval(secs => $5))
       ON CONFLICT (scope, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, created_at = now(), expires_at = EXCLUDED.expires_at,
              claimed_until = EXCLUDED.claimed_until, status = NULL, headers = NULL, body = NULL
        WHERE idempotency_keys.expires_at <= now()
           OR (idempotency_keys.status IS NULL AND idempotency_keys.claimed_until <= now())
       RETURNING 1`,
      [scope, key, fingerprint, this.config.apiV1IdempotencyTtlHours, this.config.apiV1IdempotencyLeaseSeconds],
    );
    if (claimed.length) return { kind: 'claimed' };
    const [row] = (await this.ds.query(
      `SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
      [scope, key],
    )) as { fingerprint: string; status: number | null; headers: Record<string, string> | null; body: string }[];
    // Gone between the two statements (released by its request, or removed as expired): claim it now.
    if (!row) return this.claim(scope, key, fingerprint);
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.status === null) return { kind: 'inFlight' };
    return { kind: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body } };
  }

  /** The first answer of a claimed key, kept until the key expires. */
  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.ds.query(
      `UPDATE idempotency_keys SET status = $3, headers = $4, body = $5, claimed_until = NULL
        WHERE scope = $1 AND key = $2 AND status IS NULL`,
      [scope, key, answer.status, JSON.stringify(answer.headers), answer.body],
    );
  }

  /** Frees a claimed key whose request ended without an answer worth keeping (refused before it ran, or failed):
   * the same key may be sent again. */
  async release(scope: string, key: string): Promise<void> {
    await this.ds.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL`, [scope, key]);
  }

  /** Removes expired keys, in batches that skip rows another instance is removing: any number of instances may run
   * it at once. Answers how many went. */
  async removeExpired(): Promise<number> {
    let removed = 0;
    try {
      for (;;) {
        const [, count]: [unknown, number] = await this.ds.query(
          `DELETE FROM idempotency_keys WHERE (scope, key) IN (
             SELECT scope, key FROM idempotency_keys WHERE expires_at <= now()
              LIMIT ${CLEANUP_BATCH} FOR UPDATE SKIP LOCKED)`,
        );
        removed += count;
        if (count < CLEANUP_BATCH) return removed;
      }
    } catch (error) {
      this.logger.warn(`Limpieza de claves de idempotencia fallida: ${(error as Error).message}`);
      return removed;
    }
  }
}
