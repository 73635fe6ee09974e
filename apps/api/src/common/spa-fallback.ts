import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a browser gets for a path no route or file serves: the back office's index.html under /admin (its
 * router takes over), a redirect to the booking page anywhere else (spec: unknown paths go to `/`). API paths
 * are left to the JSON 404. */
export class SpaFallback {
  private adminIndex: string | null | undefined;

  constructor(private readonly adminDist: string) {}

  handle(request: FastifyRequest, reply: FastifyReply): boolean {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (path === '/admin' || path.startsWith('/admin/')) {
      const html = this.readAdminIndex();
      if (html === null) return false;
      void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      return true;
    }
    void reply.redirect('/', 302);
    return true;
  }

  private readAdminIndex(): string | null {
    if (this.adminIndex === undefined) {
      const file = join(this.adminDist, 'index.html');
      this.adminIndex = existsSync(file) ? readFileSync(file, 'utf8') : null;
    }
    return this.adminIndex;
  }
}
