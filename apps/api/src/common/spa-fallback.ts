import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Pages of the booking app other than `/`, served by its index.html (its own code picks the page). */
const BOOKING_PAGES = new Set(['/cancel']);

/** What a browser gets for a path no route or file serves: the back office's index.html under /admin (its
 * router takes over), the booking app's index.html for its other pages (the cancellation link's /cancel), a
 * redirect to the booking page anywhere else (spec: unknown paths go to `/`). API paths are left to the JSON
 * 404. */
export class SpaFallback {
  private readonly indexes = new Map<string, string | null>();

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
      const html = this.readIndex(dist);
      if (html === null) return false;
      void reply
        .status(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
      return true;
    }
    void reply.redirect('/', 302);
    return true;
  }

  private readIndex(dist: string): string | null {
    if (!this.indexes.has(dist)) {
      const file = join(dist, 'index.html');
      this.indexes.set(dist, existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return this.indexes.get(dist) ?? null;
  }
}
