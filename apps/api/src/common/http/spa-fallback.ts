import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REVALIDATE_CACHE_CONTROL } from './cache/static-files';
import { ifNoneMatchMatches, weakEtag } from './cache/representation';

interface IndexPage {
  html: string;
  etag: string;
  lastModified: string;
}

/** Pages of the booking app other than `/`, served by its index.html (its own code picks the page). */
const BOOKING_PAGES = new Set(['/cancel']);

/** What a browser gets for a path no route or file serves: the back office's index.html under /admin (its
 * router takes over), the booking app's index.html for its other pages (the cancellation link's /cancel), a
 * redirect to the booking page anywhere else (spec: unknown paths go to `/`). API paths are left to the JSON
 * 404. */
export class SpaFallback {
  private readonly indexes = new Map<string, IndexPage | null>();

  constructor(
    private readonly adminDist: string,
    private readonly bookingDist: string,
  ) {}

  handle(request: FastifyRequest, reply: FastifyReply): boolean {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const dist =
      path === '/admin' || path.startsWith('/admin/')
        ? this.adminDist
        : BOOKING_PAGES.has(path)
          ? this.bookingDist
          : null;
    if (dist) {
      const page = this.readIndex(dist);
      if (page === null) return false;
      // Revalidated on every use, like the index.html @fastify/static serves (docs/architecture.md, "Reads a CDN
      // can carry").
      reply
        .header('cache-control', REVALIDATE_CACHE_CONTROL)
        .header('etag', page.etag)
        .header('last-modified', page.lastModified);
      if (notModified(request, page)) void reply.status(304).send();
      else void reply.status(200).header('content-type', 'text/html; charset=utf-8').send(page.html);
      return true;
    }
    void reply.redirect('/', 302);
    return true;
  }

  private readIndex(dist: string): IndexPage | null {
    if (!this.indexes.has(dist)) {
      const file = join(dist, 'index.html');
      if (!existsSync(file)) this.indexes.set(dist, null);
      else {
        const bytes = readFileSync(file);
        const lastModified = statSync(file).mtime.toUTCString();
        this.indexes.set(dist, { html: bytes.toString('utf8'), etag: weakEtag(bytes), lastModified });
      }
    }
    return this.indexes.get(dist) ?? null;
  }
}

function notModified(request: FastifyRequest, page: IndexPage): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return ifNoneMatchMatches(ifNoneMatch, page.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Date.parse(page.lastModified) <= since;
}
