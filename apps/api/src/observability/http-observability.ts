import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { REQUEST_ID_HEADER } from '../http-v1/request-id';
import { httpDuration } from './metrics';
import { nameHttpSpan, tracingEnabled } from './tracing';
import type { MetricsService } from './metrics.service';

/** Every answer carries its request id (the client's sane `X-Request-Id`, else a new one: Fastify's `request.id`,
 * see create-app.ts), and once sent is timed into the latency histogram and written as one log line: id, method,
 * route template, status, duration. Never the URL itself (a cancellation link's token, a search's e-mail) nor a
 * header. */
export function installHttpObservability(fastify: FastifyInstance, log: Logger): void {
  const tracing = tracingEnabled();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // The route is known from here on; the HTTP span ends with the answer, before onResponse.
    if (tracing) nameHttpSpan(request.method, request.routeOptions.url ?? 'unmatched');
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    httpDuration.labels(request.method, route, String(status)).observe(seconds);
    // At info whatever the status: a failure's own line is the exception filter's, and an outage's 503s are told
    // once (docs/domain.md, "PostgreSQL away"), not once per request.
    if (log.isLevelEnabled('info'))
      log.info(
        { reqId: request.id, method: request.method, route, status, durationMs: Math.round(reply.elapsedTime) },
        'request',
      );
    done();
  });
}

/** `GET /api/metrics` for a scraper holding METRICS_TOKEN as a bearer; not served at all (404) while it is unset. */
export function installMetricsRoute(fastify: FastifyInstance, config: AppConfig, metrics: MetricsService): void {
  const token = config.metricsToken;
  if (!token) return;
  const expected = createHash('sha256').update(token).digest();
  fastify.get('/api/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected))
      return reply.status(401).header('www-authenticate', 'Bearer').send({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Las métricas piden el token de METRICS_TOKEN en la cabecera Authorization (Bearer)',
      });
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}

/** METRICS_PORT: `GET /metrics` on a listener of its own (METRICS_HOST, loopback by default), without a token: for
 * the worker, which has no other listener, and for a scraper on a private network. */
export async function startMetricsListener(
  config: AppConfig,
  metrics: MetricsService,
  log: Logger,
): Promise<{ port: number; close: () => Promise<void> } | null> {
  if (config.metricsPort === null) return null;
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Solo /metrics\n');
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => {
        log.error({ context: 'Metrics' }, `No se pudieron leer las métricas: ${String(error)}`);
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort!, config.metricsHost, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.metricsPort;
  log.info({ context: 'Metrics' }, `Métricas de Prometheus en http://${config.metricsHost}:${port}/metrics`);
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
