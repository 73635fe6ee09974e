import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { languageFromAcceptLanguage } from '@evreg/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MicroCache } from './micro-cache';
import { cacheHits } from '../../../observability/metrics';
import {
  COMPRESSION_THRESHOLD,
  chooseEncoding,
  encode,
  ifNoneMatchMatches,
  weakEtag,
  type Encoding,
} from './representation';

/** What a public read's answer depends on, declared on the route (docs/architecture.md, "Reads a CDN can carry"). */
export interface PublicReadOptions {
  /** Route parameters that pick the answer. */
  params: string[];
  /** Query parameters that change the answer; the route ignores any other. */
  query: string[];
  /** A request header that changes the answer for one visitor (their session token), lower case. */
  visitorHeader?: string;
  /** The answer is in the visitor's language (events' translated content): keyed by the language `Accept-Language`
   * picks (one of five, so a made-up header costs no new entry), and `Vary: Accept-Language`. */
  language?: boolean;
  /** Answers that a shared cache may keep but must revalidate every time (a draft being previewed). */
  revalidateAlways?: (body: unknown) => boolean;
}

/** A CDN or browser may reuse an answer for a second, and while it fetches the next one keep serving it for 5 s
 * more: the figures shown are a few seconds old at worst, and every booking decides on live rows anyway. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=5';
/** Stored by shared caches, revalidated on every use (a 304 when nothing changed). */
export const PREVIEW_CACHE_CONTROL = 'public, no-cache';
/** One visitor's answer (their own holds): only their browser keeps it, and asks again every time. */
export const VISITOR_CACHE_CONTROL = 'private, no-cache';
/** Staff answers (the full back-office view) are never stored anywhere. */
export const STAFF_CACHE_CONTROL = 'private, no-store';

const CONFIG_KEY = 'publicRead';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Marks a GET as a public read: ETag, Cache-Control and Vary, 304 to If-None-Match, compressed bodies, and the
 * answer reused by this instance for `PUBLIC_READ_CACHE_MS` (at most a second). A request carrying Authorization
 * (staff) skips all of it and is answered live, `private, no-store`. */
export function PublicRead(options: PublicReadOptions) {
  return applyDecorators(
    RouteConfig({ [CONFIG_KEY]: options }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'El ETag de una respuesta anterior: si no ha cambiado, 304 sin cuerpo',
    }),
    ApiResponse({ status: 304, description: 'Sin cambios desde el ETag enviado en If-None-Match' }),
  );
}

interface CachedAnswer {
  etag: string;
  cacheControl: string;
  /** The route's own representation headers (JSON by default; a calendar file names its type and file name). */
  contentType: string;
  contentDisposition: string | null;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

interface RequestState {
  options: PublicReadOptions;
  vary: string[];
  staff: boolean;
  key: string | null;
  /** Answered from the micro-cache in onRequest: onSend leaves it alone. */
  served: boolean;
  settle: (answer: CachedAnswer | null) => void;
}

/** Installs the hooks behind `@PublicRead`: a cached answer is sent from onRequest, before guards, pipes and the
 * database; a computed one is turned into a cached answer in onSend. Register before the routes (Nest adds its
 * own at init) and before @fastify/compress, whose route-level hook then finds the body already encoded. */
export function installPublicReads(fastify: FastifyInstance, ttlMs: number): MicroCache<CachedAnswer> {
  const cache = new MicroCache<CachedAnswer>(ttlMs);
  const states = new WeakMap<FastifyRequest, RequestState>();

  fastify.addHook('onRequest', async (request, reply) => {
    const options = (request.routeOptions.config as { [CONFIG_KEY]?: PublicReadOptions })[CONFIG_KEY];
    if (!options || request.method !== 'GET') return;
    const staff = request.headers.authorization !== undefined;
    const state: RequestState = {
      options,
      vary: [
        'authorization',
        ...(options.visitorHeader ? [options.visitorHeader] : []),
        ...(options.language ? ['accept-language'] : []),
        'accept-encoding',
      ],
      staff,
      key: null,
      served: false,
      settle: () => undefined,
    };
    states.set(request, state);
    if (staff) return;
    state.key = keyOf(request, options);
    const answer = cache.get(state.key) ?? (await cache.pending(state.key)) ?? undefined;
    (answer ? cacheHits.hit : cacheHits.miss).inc();
    if (!answer) {
      state.settle = cache.lead(state.key);
      // An aborted request never reaches onSend: whoever waits for it computes their own answer.
      reply.raw.once('close', () => state.settle(null));
      return;
    }
    state.served = true;
    return reply.send(present(request, reply, state, answer));
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    if (!state || state.served) return payload;
    addVary(reply, state.vary);
    if (state.staff) {
      reply.header('cache-control', STAFF_CACHE_CONTROL);
      return payload;
    }
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      state.settle(null);
      return payload;
    }
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const answer: CachedAnswer = {
      etag: weakEtag(body),
      cacheControl: cacheControlOf(request, state.options, body),
      contentType: String(reply.getHeader('content-type') ?? JSON_TYPE),
      contentDisposition: (reply.getHeader('content-disposition') as string | undefined) ?? null,
      body,
      encoded: {},
    };
    if (state.key !== null) cache.set(state.key, answer, body.length * 2);
    state.settle(answer);
    return present(request, reply, state, answer);
  });

  return cache;
}

function keyOf(request: FastifyRequest, options: PublicReadOptions): string {
  const params = request.params as Record<string, unknown>;
  const query = request.query as Record<string, unknown>;
  return JSON.stringify([
    request.routeOptions.url,
    options.params.map((name) => params[name] ?? null),
    options.query.map((name) => query[name] ?? null),
    options.visitorHeader ? (request.headers[options.visitorHeader] ?? null) : null,
    options.language ? languageFromAcceptLanguage(request.headers['accept-language']) : null,
  ]);
}

function cacheControlOf(request: FastifyRequest, options: PublicReadOptions, body: Buffer): string {
  if (options.visitorHeader && request.headers[options.visitorHeader] !== undefined) return VISITOR_CACHE_CONTROL;
  if (options.revalidateAlways?.(JSON.parse(body.toString('utf8')))) return PREVIEW_CACHE_CONTROL;
  return PUBLIC_CACHE_CONTROL;
}

/** The headers of the answer, and its body as this request takes it: nothing for a 304, else encoded if accepted
 * (each encoding computed once per cached answer). */
function present(request: FastifyRequest, reply: FastifyReply, state: RequestState, answer: CachedAnswer) {
  addVary(reply, state.vary);
  reply.header('etag', answer.etag).header('cache-control', answer.cacheControl);
  if (ifNoneMatchMatches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304);
    return null;
  }
  reply.code(200).header('content-type', answer.contentType);
  if (answer.contentDisposition) reply.header('content-disposition', answer.contentDisposition);
  const encoding =
    answer.body.length >= COMPRESSION_THRESHOLD ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return answer.body;
  reply.header('content-encoding', encoding);
  return (answer.encoded[encoding] ??= encode(answer.body, encoding));
}

/** Adds to Vary without dropping what is there (CORS's Origin). */
function addVary(reply: FastifyReply, names: string[]): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const lower = new Set(list.map((v) => v.toLowerCase()));
  for (const name of names) if (!lower.has(name)) list.push(name);
  reply.header('vary', list.join(', '));
}
