import { Module } from '@nestjs/common';
import { HttpV1Conventions } from './conventions';
import { IdempotencyStore } from './idempotency-store';
import { V1RateLimiter } from './rate-limit';

/** The /api/v1 conventions' services; create-app.ts installs HttpV1Conventions' hooks on the server. */
@Module({
  providers: [V1RateLimiter, IdempotencyStore, HttpV1Conventions],
  exports: [HttpV1Conventions, IdempotencyStore],
})
export class HttpV1Module {}
