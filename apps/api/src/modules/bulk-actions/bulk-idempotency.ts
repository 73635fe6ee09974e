import { Inject, Injectable } from '@nestjs/common';
import { BULK_MESSAGES } from '@evreg/contracts';
import { createHash } from 'node:crypto';
import { AppError } from '../../common/http/app-error';
import { keyedHash } from '../../common/crypto/keyed-hash';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { IdempotencyStore } from '../../http-v1/idempotency-store';
import { inBulkOperation } from '../history/actor-context';

/** The Idempotency-Key header, as /api/v1 spells it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** A bulk action run at most once per key (the back office sends one key per confirmation, so a double click or a
 * retry after a lost answer gets the first report back instead of a second run). The same table and claim as
 * /api/v1's Idempotency-Key (IdempotencyStore), scoped to the staff member; a failed run frees the key. */
@Injectable()
export class BulkIdempotency {
  constructor(
    private readonly store: IdempotencyStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async once<T>(key: string | undefined, userId: string, request: unknown, work: () => Promise<T>): Promise<T> {
    // Every bulk action passes here: its history entries are tied into one group.
    const run = () => inBulkOperation(work);
    if (key === undefined || key === '') return run();
    if (!KEY_FORMAT.test(key)) throw AppError.field('Idempotency-Key', 'Idempotency-Key no es válida');
    const scope = keyedHash(this.config.appSecret, 'bulk-idempotency', userId);
    const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const outcome = await this.store.claim(scope, key, fingerprint);
    if (outcome.kind === 'inFlight') throw new AppError('IDEMPOTENCY_KEY_IN_USE', BULK_MESSAGES.idempotencyInFlight);
    if (outcome.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED', BULK_MESSAGES.idempotencyReused);
    if (outcome.kind === 'replay') return JSON.parse(outcome.answer.body) as T;
    try {
      const answer = await run();
      await this.store.complete(scope, key, { status: 200, headers: {}, body: JSON.stringify(answer) });
      return answer;
    } catch (error) {
      await this.store.release(scope, key);
      throw error;
    }
  }
}
