import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  method: string;
  pattern: RegExp;
}

/** Which methods a path answers, for the 405 of a method it doesn't (docs/domain.md, "Wrong method"). Fastify
 * answers a known path called with another method as it answers an unknown one (a 404), so the routes are noted
 * as they are registered (the `onRoute` hook) and the path of a 404 is matched against them: the API's routes
 * (`:name` parameters, one segment each), the Swagger UI's and the static files'. Catch-all routes (CORS
 * preflight `*`) are left out: they would make every unknown path a 405. */
export class RouteMethods {
  private readonly routes: KnownRoute[] = [];

  /** Call before any route is registered (plugins and controllers). */
  watch(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      for (const method of ([] as string[]).concat(route.method)) {
        this.routes.push({ method: method.toUpperCase(), pattern: toPattern(route.url) });
      }
    });
  }

  /** The methods answered at this URL (query ignored), in a stable order; empty when no route has the path. */
  allowed(url: string): string[] {
    const path = url.split('?')[0];
    const methods = new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    return ORDER.filter((m) => methods.has(m)).concat([...methods].filter((m) => !ORDER.includes(m)).sort());
  }
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function toPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
