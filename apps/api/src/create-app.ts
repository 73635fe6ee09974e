import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { Logger, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { ApiErrorResponseDto } from './common/http/api-error.dto';
import { drainableConnections } from './common/http/connection-drain';
import { installPublicReads } from './common/http/cache/public-read';
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD } from './common/http/cache/representation';
import { staticCacheHeaders } from './common/http/cache/static-files';
import { limitJsonBodies } from './common/http/json-body';
import { RouteMethods } from './common/http/route-methods';
import { fixedSecurityHeaders } from './common/http/security-headers';
import { RETRY_AFTER_HEADER, SERVICE_UNAVAILABLE_DESCRIPTION } from './common/http/service-unavailable';
import { SpaFallback } from './common/http/spa-fallback';
import { createValidationPipe } from './common/http/validation';
import type { AppConfig } from './config/app-config';
import { DatabaseAvailability } from './database/database-availability';
import { openDatabaseTarget } from './database/database-target';
import { modulesWithoutV1, setupV1Docs } from './modules/api-v1/openapi';
import { describeRequestDefaults } from './common/http/openapi-request-defaults';
import { lintReady } from './common/http/openapi-lint';
import { HttpV1Conventions } from './http-v1/conventions';
import { REQUEST_ID_HEADER, requestIdFor } from './http-v1/request-id';
import { Readiness } from './modules/health/readiness';
import {
  installHttpObservability,
  installMetricsRoute,
  startMetricsListener,
} from './observability/http-observability';
import { createPino, PinoNestLogger } from './observability/logger';
import { MetricsService } from './observability/metrics.service';
import { EarlyRefusals } from './modules/registrations/early-refusals';
import { addWebhookSchemas } from './modules/webhooks/webhook-schemas';

/** The app's logger: pino (JSON lines, or human-readable with LOG_FORMAT=pretty), personal data redacted
 * (observability/logger.ts). */
export function createLogger(config: AppConfig): PinoNestLogger {
  return new PinoNestLogger(createPino(config));
}

/** helmet's default policy: one year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface RunningApp {
  app: NestFastifyApplication;
  /** Closes the application, then the embedded database if this process started it. */
  close: () => Promise<void>;
  /** The graceful stop of a deploy (docs/domain.md, "Restarts and graceful shutdown"): readiness turns 503 and every
   * answer closes its connection; after SHUTDOWN_DRAIN_MS the listener closes and the requests in flight finish;
   * then close(): queue workers finish their current job, then the pools close. */
  shutdown: () => Promise<void>;
  /** The METRICS_PORT listener's port (METRICS_PORT=0 picks a free one), null without it. */
  metricsPort: number | null;
}

/** Builds the HTTP application exactly as production runs it: API under /api, OpenAPI docs at /api/docs, the
 * booking app at / and the back office at /admin. Used by main.ts and by the tests. */
export async function createHttpApp(
  config: AppConfig,
  options: { runWorkers?: boolean; extraModules?: Type[] } = {},
): Promise<RunningApp> {
  const appLogger = createLogger(config);
  // The lines written before Nest starts (the embedded database's) go through it too.
  Logger.overrideLogger(appLogger);
  const database = await openDatabaseTarget(config);
  const adapter = new FastifyAdapter({
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // The request id of logs and answers: the caller's X-Request-Id when sane, else a new UUID.
    genReqId: (request: IncomingMessage) => requestIdFor(request.headers[REQUEST_ID_HEADER]),
    // Refusals before routing (a path parameter over 100 characters, a malformed URL) in Spanish, and as problems
    // under /api/v1: answered by HttpV1Conventions once the app exists.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (!refuseBeforeRouting) return void reply.code(503).send();
      refuseBeforeRouting(request, reply, error).catch((e: unknown) => reply.send(e));
    },
  });
  let refuseBeforeRouting: HttpV1Conventions['refuseBeforeRouting'] | undefined;
  let app: NestFastifyApplication;
  let readiness: Readiness;
  let connections: ReturnType<typeof drainableConnections>;
  // Noted from the first route on, for the 405 of a wrong method (common/http/route-methods.ts).
  const routes = new RouteMethods();
  routes.watch(adapter.getInstance());
  try {
    app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({
        config,
        database,
        runWorkers: options.runWorkers ?? config.runWorkers,
        extraModules: options.extraModules,
      }),
      adapter,
      // bodyParser off: Nest would add a form-urlencoded parser; the API speaks JSON only (Fastify's own parser).
      { logger: appLogger, abortOnError: false, bodyParser: false },
    );
  } catch (error) {
    await database.stop();
    throw error;
  }

  try {
    readiness = app.get(Readiness);
    connections = drainableConnections(app.getHttpServer());
    app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
    limitJsonBodies(app.getHttpAdapter().getInstance());
    app.setGlobalPrefix('api');
    // One CORS plugin, its options per request: /api/v1 has its own origins (API_V1_CORS_ORIGINS, http-v1/).
    const v1 = app.get(HttpV1Conventions);
    refuseBeforeRouting = v1.refuseBeforeRouting.bind(v1);
    app.enableCors(
      v1.corsOptions({ origin: config.corsOrigins, methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'], maxAge: 600 }),
    );
    // helmet's headers, computed once at boot (common/http/security-headers.ts): the policy has no per-request part
    // (no nonce), so every answer gets the same list, set from the first hook on as the plugin did
    // (docs/performance.md, "The framework's cost per request").
    const security = fixedSecurityHeaders(
      helmet({
        // The booking page is embedded in organisers' sites, so framing is allowed by default; the back office
        // refuses it (hook below).
        frameguard: false,
        // Strict-Transport-Security only on answers served over HTTPS (hook below), not on every answer: a
        // deployment reached over plain http must not claim HTTPS.
        hsts: false,
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            scriptSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameAncestors: ['*'],
            upgradeInsecureRequests: null,
          },
        },
      }),
    );
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (request, reply, done) => {
        security.apply(reply.raw);
        done();
      });
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onSend', (request, reply, payload, done) => {
        if (request.url === '/admin' || request.url.startsWith('/admin/') || request.url.startsWith('/api/')) {
          const csp = reply.getHeader('content-security-policy');
          if (typeof csp === 'string') reply.header('content-security-policy', security.unframed(csp));
          reply.header('x-frame-options', 'DENY');
        }
        // request.protocol is the socket's, or X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
        if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
        // Shutting down: the client opens its next request elsewhere instead of reusing a connection about to close.
        if (readiness.draining) reply.header('connection', 'close');
        done(null, payload);
      });

    // The /api/v1 conventions (docs/integrations-http.md): request id, rate limit, Idempotency-Key, problem+json.
    v1.install(app.getHttpAdapter().getInstance());
    // Request id, request log line, latency histogram; /api/metrics behind METRICS_TOKEN (docs/architecture.md,
    // "Metrics, logs and traces").
    installHttpObservability(app.getHttpAdapter().getInstance(), appLogger.pino);
    installMetricsRoute(app.getHttpAdapter().getInstance(), config, app.get(MetricsService));

    // HTTP caching and compression (docs/architecture.md, "Reads a CDN can carry"). Both before any route: the
    // public reads' hooks must run before compress's, which it adds to each route as it is declared.
    installPublicReads(app.getHttpAdapter().getInstance(), config.publicReadCacheMs);
    // A full session's refused holds and registrations, answered before Nest when its path would answer them from
    // memory (docs/architecture.md, "A request").
    app.get(EarlyRefusals).install(app.getHttpAdapter().getInstance());
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD,
      brotliOptions: BROTLI_OPTIONS,
    });

    const bookingDist = join(config.appsDir, 'booking', 'dist');
    const adminDist = join(config.appsDir, 'admin', 'dist');
    if (existsSync(bookingDist))
      await app.register(fastifyStatic, {
        root: bookingDist,
        prefix: '/',
        wildcard: false,
        index: ['index.html'],
        setHeaders: staticCacheHeaders(bookingDist),
      });
    if (existsSync(adminDist)) {
      await app.register(fastifyStatic, {
        root: adminDist,
        prefix: '/admin/',
        wildcard: false,
        index: ['index.html'],
        decorateReply: false,
        setHeaders: staticCacheHeaders(adminDist),
      });
    }

    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(
      new AllExceptionsFilter(new SpaFallback(adminDist, bookingDist), app.get(DatabaseAvailability), routes),
    );

    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Inscripciones a eventos: API')
        .setDescription(
          'API pública de reservas y API del back office. Errores: `{ statusCode, code, message, errors? }` con mensajes en español. Un método que una ruta no admite: 405 con la cabecera Allow.',
        )
        .setVersion('1.0')
        .addServer('/', 'Este servidor')
        .addBearerAuth({
          type: 'http',
          scheme: 'bearer',
          description: 'Token de acceso del personal (JWT), o token de API (evr_…) de una máquina',
        })
        .addBearerAuth(
          {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Refresh token (POST /api/auth/refresh)',
          },
          'refreshToken',
        )
        .addGlobalResponse({
          status: 503,
          description: SERVICE_UNAVAILABLE_DESCRIPTION,
          type: ApiErrorResponseDto,
          headers: RETRY_AFTER_HEADER,
        })
        .build(),
      { include: modulesWithoutV1(app) },
    );
    // The webhook bodies (docs/webhooks.md): components and, this document being 3.0, `x-webhooks`.
    addWebhookSchemas(document);
    lintReady(describeRequestDefaults(document));
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
    setupV1Docs(app);
    // No app.enableShutdownHooks(): Nest would close at once on SIGTERM, skipping the drain; main.ts handles signals.
    await app.init();
  } catch (error) {
    // A half-built app must not keep the process alive (open pool, timers).
    await app.close().catch(() => undefined);
    await database.stop();
    throw error;
  }
  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>>;
  try {
    metricsListener = await startMetricsListener(config, app.get(MetricsService), appLogger.pino);
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.stop();
    throw error;
  }
  const close = async () => {
    await metricsListener?.close();
    await app.close();
    await database.stop();
  };
  const logger = new Logger('Shutdown');
  return {
    app,
    close,
    metricsPort: metricsListener?.port ?? null,
    shutdown: async () => {
      readiness.drain();
      logger.log(
        `Fuera de servicio (/api/health/ready 503); se siguen atendiendo peticiones ${config.shutdownDrainMs} ms (SHUTDOWN_DRAIN_MS)`,
      );
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      logger.log('No se aceptan conexiones nuevas; terminando las peticiones en curso');
      await connections.stopAccepting();
      logger.log('Peticiones terminadas; cerrando la cola de trabajos y la base de datos');
      await close();
    },
  };
}
