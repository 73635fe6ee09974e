import type { FastifyReply } from 'fastify';
import { sep } from 'node:path';

/** Vite names every built asset after a hash of its content: a new build makes new names, so a copy anywhere is
 * good forever. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all: it names the current assets) is revalidated on every use, by ETag or
 * Last-Modified, a 304 when unchanged. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** @fastify/static's setHeaders for one built app (its `cacheControl` option off): hashed files under `assets/`
 * are immutable for a year, the rest revalidated. */
export function staticCacheHeaders(root: string) {
  const assets = `${root.replace(/[/\\]+$/, '')}${sep}assets${sep}`;
  return (reply: FastifyReply, path: string): void => {
    reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
  };
}
