import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go uncompressed: the saving would not pay for the work (and @fastify/compress uses the
 * same figure for every other answer). */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli at quality 4 compresses about as well as gzip -6 and faster; 11 (zlib's default) costs milliseconds. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** A weak validator: the same JSON is the same answer whichever encoding carries it. */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match matches (weak comparison, RFC 9110 13.1.2): `*`, or any listed tag with the same opaque value. */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  for (const raw of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === wanted) return true;
  }
  return false;
}

/** br or gzip if the client accepts it (the highest q wins, br on a tie), else null (identity). */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const of = (name: Encoding) => q[name] ?? q['*'] ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

export function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);
}
