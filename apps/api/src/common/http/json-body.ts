import { MESSAGES } from '@evreg/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** What a JSON body may hold. No request of the product comes near: a body nests 3 levels, holds a few dozen
 * keys and lists of at most a few hundred items; the one longer list, a waiting list's new order, raises its
 * own limit (route config `jsonArrayItems`). */
export const JSON_LIMITS = {
  /** Objects and arrays inside one another. Deeper bodies overflowed the stack of class-transformer. */
  depth: 32,
  /** Object keys in the whole body: each one is copied, validated and, when unknown, an error to answer. */
  keys: 1_000,
  /** Array items in the whole body: class-transformer copies each one (about 4 µs), and a list of objects
   * validates each one, so 300,000 of them kept the server busy for seconds. */
  arrayItems: 1_000,
};

export type JsonLimits = typeof JSON_LIMITS;
export type JsonShapeProblem = 'depth' | 'keys' | 'arrayItems';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** Finds the first limit a JSON text goes beyond, in one pass over the text without recursion, before it is
 * parsed. Strings are skipped whole (what they contain is no structure). Array items are counted as the
 * arrays plus the commas inside them. Malformed text is left for the parser to refuse. */
export function jsonShapeProblem(text: string, limits: JsonLimits = JSON_LIMITS): JsonShapeProblem | null {
  // inArray[d]: whether the container at depth d is an array. Depth never passes limits.depth + 1.
  const inArray = new Uint8Array(limits.depth + 2);
  let depth = 0;
  let keys = 0;
  let items = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return null;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.depth) return 'depth';
      inArray[depth] = c === OPEN_BRACKET ? 1 : 0;
      if (c === OPEN_BRACKET && ++items > limits.arrayItems) return 'arrayItems';
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth > 0) depth--;
    } else if (c === COMMA) {
      if (inArray[depth] === 1 && ++items > limits.arrayItems) return 'arrayItems';
    } else if (c === COLON) {
      if (++keys > limits.keys) return 'keys';
    }
  }
  return null;
}

/** The index of the quote that closes the string opened at `open`, or -1. A quote is escaped when an odd number
 * of backslashes precedes it. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote >= 0) {
    let backslashes = 0;
    for (let k = quote - 1; k > open && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

const REFUSALS: Record<JsonShapeProblem, string> = {
  depth: MESSAGES.generic.jsonTooDeep,
  keys: MESSAGES.generic.jsonTooManyItems,
  arrayItems: MESSAGES.generic.jsonTooManyItems,
};

/** Route config (`@RouteConfig`) of a route that takes a longer list than JSON_LIMITS.arrayItems. */
export interface JsonRouteConfig {
  jsonArrayItems?: number;
}

/** Replaces Fastify's JSON parser with one that refuses, before parsing, a body beyond JSON_LIMITS (400
 * INVALID_JSON), then parses as Fastify does (prototype poisoning refused). See docs/domain.md, "Hostile and
 * malformed bodies". */
export function limitJsonBodies(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const arrayItems = (request.routeOptions.config as JsonRouteConfig | undefined)?.jsonArrayItems;
      const problem = jsonShapeProblem(text, arrayItems ? { ...JSON_LIMITS, arrayItems } : JSON_LIMITS);
      if (problem) {
        done(new AppError('INVALID_JSON', REFUSALS[problem]), undefined);
        return;
      }
      parse(request, text, done);
    },
  );
}
