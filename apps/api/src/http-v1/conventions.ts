import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, MESSAGES } from '@evreg/contracts';
import { AppError } from '../common/http/app-error';
import { keyedHash } from '../common/crypto/keyed-hash';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { IdempotencyStore, type StoredAnswer } from './idempotency-store';
import { V1_MESSAGES } from './messages';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem';
import { V1RateLimiter, type RateLimitState } from './rate-limit';
import { REQUEST_ID_HEADER } from './request-id';
import { isV1Path, pathOf } from './v1-paths';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** The headers a browser integration may read (CORS Access-Control-Expose-Headers). */
export const V1_EXPOSED_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
  'X-Request-Id',
  'Idempotent-Replayed',
  'Link',
  'Location',
  'ETag',
  'WWW-Authenticate',
];
const V1_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Request-Id',
  'If-Match',
  'If-None-Match',
];

const PROBLEM_MEDIA_TYPE = 'application/problem+json';
/** Methods whose Idempotency-Key is honoured. */
const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answer's headers a replay repeats (not the request id, the rate limit or the length: those are the repeat's). */
const REPLAYED_HEADERS = ['content-type', 'location', 'link', 'etag', 'last-modified', 'content-language'];
/** A key is visible ASCII, at most 255 characters (a UUID is the usual choice). */
const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

function rateLimitHeaders(reply: FastifyReply, rate: RateLimitState): void {
  reply.header('ratelimit-limit', String(rate.limit));
  reply.header('ratelimit-remaining', String(rate.remaining));
  reply.header('ratelimit-reset', String(rate.resetSeconds));
  reply.header('ratelimit-policy', `${rate.limit};w=${rate.windowSeconds}`);
}

/** What the hooks of one /api/v1 request share. */
interface V1State {
  requestId: string;
  rate?: RateLimitState;
  /** The key this request claimed (it runs and its answer is kept), until its answer is stored or the key freed. */
  claim?: { scope: string; key: string };
  replayed?: boolean;
}

/** Whether an answer is kept for the key's repeats: not when the request was refused before it ran (401, 403, 429) or
 * failed on the server (5xx, e.g. the database away): the repeat then runs again, which is what a retry is for. */
function keepsAnswer(status: number): boolean {
  return status < 500 && status !== 401 && status !== 403 && status !== 408 && status !== 429;
}

/** The cross-cutting HTTP behaviour of every /api/v1 route (docs/integrations-http.md), as Fastify hooks on the
 * whole server so any v1 controller gets it without decorators, and nothing else does: X-Request-Id, the RateLimit
 * headers and 429, Idempotency-Key, WWW-Authenticate on 401, errors as application/problem+json, and the CORS of
 * API_V1_CORS_ORIGINS (through corsOptions, given to the app's single CORS plugin). */
@Injectable()
export class HttpV1Conventions {
  private readonly logger = new Logger('ApiV1');
  private readonly states = new WeakMap<FastifyRequest, V1State>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: V1RateLimiter,
    private readonly idempotency: IdempotencyStore,
  ) {}

  /** The CORS options of a request: API_V1_CORS_ORIGINS under /api/v1 (no other origin, also not CORS_ORIGINS),
   * the app's own elsewhere. */
  corsOptions(appOptions: FastifyCorsOptions): FastifyCorsOptions {
    const v1: FastifyCorsOptions = {
      origin: this.config.apiV1CorsOrigins.length ? this.config.apiV1CorsOrigins : false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: V1_ALLOWED_HEADERS,
      exposedHeaders: V1_EXPOSED_HEADERS,
      credentials: false,
      maxAge: 600,
    };
    return {
      delegator: (request, callback) => callback(null, isV1Path(request.url ?? '') ? v1 : appOptions),
    };
  }

  /** Adds the hooks; before the routes are declared (app.init()). Callback-style, so a request off /api/v1 (the
   * booking page's) pays one string comparison per hook and no promise. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (!isV1Path(request.url)) return done();
      this.onRequest(request, reply).then(() => done(), done);
    });
    fastify.addHook('preHandler', (request, reply, done) => {
      if (!this.states.has(request)) return done();
      this.preHandler(request, reply).then((sent) => {
        if (!sent) done();
      }, done);
    });
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (!this.states.has(request)) return done(null, payload);
      this.onSend(request, reply, payload).then((body) => done(null, body), done);
    });
    fastify.addHook('onResponse', (request, _reply, done) => {
      if (!this.states.has(request)) return done();
      void this.onResponse(request).then(() => done());
    });
  }

  /** A refusal Fastify makes before routing, where no hook runs (its `frameworkErrors`: a path parameter longer than
   * the router's limit, 414; a malformed URL, 400): in Spanish, with the body of /api, or under /api/v1 as a problem
   * with the request id and the rate-limit headers (the request counts, like any other). */
  async refuseBeforeRouting(request: FastifyRequest, reply: FastifyReply, error: { code?: string }): Promise<void> {
    const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_REQUEST';
    const status = ERROR_STATUS[code];
    const body = {
      statusCode: status,
      code,
      message: code === 'URI_TOO_LONG' ? MESSAGES.generic.uriTooLong : MESSAGES.generic.badUrl,
    };
    if (!isV1Path(request.url)) {
      await reply.code(status).type('application/json; charset=utf-8').send(body);
      return;
    }
    reply.header(REQUEST_ID_HEADER, request.id);
    const rate = await this.limiter.consume(this.limiter.keyFor(request.headers.authorization, request.ip));
    rateLimitHeaders(reply, rate);
    const problem = toProblem(JSON.stringify(body), status, pathOf(request.url), request.id);
    await reply.code(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  }

  private async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Fastify's request id is made by requestIdFor (create-app.ts): the same id in the answer and the log line.
    const state: V1State = { requestId: request.id };
    this.states.set(request, state);
    reply.header(REQUEST_ID_HEADER, state.requestId);
    if (request.method === 'OPTIONS') return;
    state.rate = await this.limiter.consume(this.limiter.keyFor(request.headers.authorization, request.ip));
    if (!state.rate.allowed) {
      const seconds = String(state.rate.resetSeconds);
      const message = V1_MESSAGES.tooManyRequests
        .replace('{limit}', String(state.rate.limit))
        .replace('{window}', String(state.rate.windowSeconds))
        .replace('{seconds}', seconds);
      throw new AppError('TOO_MANY_REQUESTS', message, undefined, undefined, { 'retry-after': seconds });
    }
  }

  /** Idempotency-Key: claims the key before the route runs (its guards included), or answers for it (then true). */
  private async preHandler(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const state = this.states.get(request);
    if (!state || !IDEMPOTENT_METHODS.has(request.method)) return false;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return false;
    if (Array.isArray(header)) throw AppError.field('Idempotency-Key', V1_MESSAGES.idempotencyKeyRepeated);
    if (!IDEMPOTENCY_KEY_FORMAT.test(header))
      throw AppError.field('Idempotency-Key', V1_MESSAGES.idempotencyKeyInvalid);

    // The same credential's keys only (an HMAC of it: no token stored); the request is the method, URL and body.
    const scope = keyedHash(this.config.appSecret, 'idempotency-scope', request.headers.authorization ?? '');
    const fingerprint = createHash('sha256')
      .update(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const outcome = await this.idempotency.claim(scope, header, fingerprint);
    switch (outcome.kind) {
      case 'claimed':
        state.claim = { scope, key: header };
        return false;
      case 'mismatch': {
        const message = V1_MESSAGES.idempotencyKeyReused.replace(
          '{hours}',
          String(this.config.apiV1IdempotencyTtlHours),
        );
        throw new AppError('IDEMPOTENCY_KEY_REUSED', message, { 'Idempotency-Key': [message] });
      }
      case 'inFlight':
        throw new AppError('IDEMPOTENCY_KEY_IN_USE', V1_MESSAGES.idempotencyKeyInFlight, undefined, undefined, {
          'retry-after': '1',
        });
      case 'replay':
        state.replayed = true;
        void reply
          .code(outcome.answer.status)
          .headers(outcome.answer.headers)
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .send(outcome.answer.body);
        return true;
    }
  }

  private async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const state = this.states.get(request);
    if (!state) return payload;
    // Again here: an error answer may have been written on a fresh set of headers.
    reply.header(REQUEST_ID_HEADER, state.requestId);
    if (state.rate) rateLimitHeaders(reply, state.rate);
    const status = reply.statusCode;
    if (status === 401) {
      const given = /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
      reply.header('www-authenticate', given ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"');
    }
    let body = payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (status >= 400 && !state.replayed && typeof payload === 'string' && contentType.startsWith('application/json')) {
      const problem = toProblem(payload, status, pathOf(request.url), state.requestId);
      if (problem) {
        body = JSON.stringify(problem);
        reply.header('content-type', PROBLEM_CONTENT_TYPE);
      }
    }
    // A replayed problem names the replay's request id, as its X-Request-Id header does (the first request's id
    // would point support at a request the caller no longer sees).
    if (status >= 400 && state.replayed && typeof payload === 'string' && contentType.startsWith(PROBLEM_MEDIA_TYPE))
      body = JSON.stringify({ ...JSON.parse(payload), requestId: state.requestId });
    if (state.claim) await this.settle(state, reply, body);
    return body;
  }

  /** Keeps a claimed key's answer for its repeats, or frees the key. A database error here is logged, not answered:
   * the request has run and its answer goes out; the key is freed when its claim lapses. */
  private async settle(state: V1State, reply: FastifyReply, body: unknown): Promise<void> {
    const claim = state.claim;
    if (!claim) return;
    state.claim = undefined;
    try {
      if (keepsAnswer(reply.statusCode) && (typeof body === 'string' || Buffer.isBuffer(body))) {
        const headers: StoredAnswer['headers'] = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        await this.idempotency.complete(claim.scope, claim.key, {
          status: reply.statusCode,
          headers,
          body: body.toString(),
        });
      } else {
        await this.idempotency.release(claim.scope, claim.key);
      }
    } catch (error) {
      this.logger.warn(`No se pudo guardar la respuesta de una Idempotency-Key: ${(error as Error).message}`);
    }
  }

  /** A claimed request that ended without its answer passing onSend (connection lost): its key is freed. */
  private async onResponse(request: FastifyRequest): Promise<void> {
    const state = this.states.get(request);
    const claim = state?.claim;
    if (!state || !claim) return;
    state.claim = undefined;
    await this.idempotency.release(claim.scope, claim.key).catch((error: Error) => {
      this.logger.warn(`No se pudo liberar una Idempotency-Key: ${error.message}`);
    });
  }
}
