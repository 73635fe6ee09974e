import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ApiErrorBody, ERROR_STATUS, ErrorCode, MESSAGES } from '@evreg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from '../../database/pg-errors';
import { JobQueueUnavailableError } from '../../queue/bullmq-job-queue';
import { AppError } from './app-error';
import { RouteMethods } from './route-methods';
import { SpaFallback } from './spa-fallback';
import { visitorLanguageOf, VisitorMessages } from './visitor-language';

/** The visitor routes' refusals in the visitor's language (built once: the catalogs are parsed on first use). */
const visitorMessages = new VisitorMessages();

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Told about each request refused because the database is away (database/database-availability.ts). */
export interface DatabaseOutageListener {
  reportUnavailable(error: unknown): void;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Errors raised by Fastify itself before a route runs (body parsing), by their Fastify code. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: MESSAGES.generic.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: MESSAGES.generic.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.generic.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.generic.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_JSON', message: MESSAGES.generic.invalidJson },
};

/** The body of a code of ours: its status is the code's (ERROR_STATUS). */
function bodyOf(code: ErrorCode, message: string): ApiErrorBody & Record<string, unknown> {
  return { statusCode: ERROR_STATUS[code], code, message };
}

/** The body of a domain error: its extra fields, then statusCode, code, message and errors by field. */
export function appErrorBody(error: AppError): ApiErrorBody & Record<string, unknown> {
  const body: ApiErrorBody & Record<string, unknown> = {
    ...error.extra,
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
  };
  if (error.errors) body.errors = error.errors;
  return body;
}

/** Writes an error body as every error answer is written: its status, JSON, and on a visitor route the visitor's
 * language (Accept-Language; Spanish otherwise): texts translated, codes unchanged, and the answer says its language
 * and that it depends on the header. The filter's last step, and the whole answer of a refusal decided before Nest
 * (modules/registrations/early-refusals.ts; docs/architecture.md, "A request"). */
export function sendErrorBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ApiErrorBody & Record<string, unknown>,
): FastifyReply {
  const lang = visitorLanguageOf(request);
  if (lang) {
    const vary = reply.getHeader('vary');
    void reply
      .header('content-language', lang)
      .header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  }
  return reply
    .status(body.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .send(lang ? visitorMessages.translateBody(body, lang) : body);
}

/** The one place that writes error responses: a stable JSON body with a Spanish message, never a stack trace
 * or SQL. Unknown errors are logged (name, message, stack: no request data, so no personal data) and answered
 * with a generic 500. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly spa: SpaFallback,
    private readonly database?: DatabaseOutageListener,
    private readonly routes?: RouteMethods,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (reply.sent) return;

    if (this.isRouteNotFound(exception)) {
      // A known path called with a method it doesn't answer: 405 naming the ones it does (docs/domain.md, "Wrong
      // method"), on the API and off it (a POST to a page).
      const allow = this.routes?.allowed(request.url) ?? [];
      if (allow.length) {
        const body = bodyOf(
          'METHOD_NOT_ALLOWED',
          MESSAGES.generic.methodNotAllowed.replace('{method}', request.method).replace('{allow}', allow.join(', ')),
        );
        void reply
          .status(body.statusCode)
          .header('allow', allow.join(', '))
          .header('content-type', 'application/json; charset=utf-8')
          .send(body);
        return;
      }
      if (this.spa.handle(request, reply)) return;
    }
    const body = this.toBody(exception);
    if (body.statusCode === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (exception instanceof AppError && exception.headers) void reply.headers(exception.headers);
    if (isDatabaseUnavailable(exception)) {
      // Logged once per outage there, not once per request (docs/domain.md, "PostgreSQL away").
      this.database?.reportUnavailable(exception);
    } else if (isForeignKeyViolation(exception) || isUniqueViolation(exception)) {
      // The constraint's name tells which service lacks its own message; no values (they may be personal data).
      const constraint = (exception as { driverError?: { constraint?: unknown } }).driverError?.constraint;
      this.logger.warn(
        `${request.method} ${request.routeOptions?.url ?? 'ruta desconocida'}: conflicto sin mensaje propio (${String(constraint ?? 'restricción desconocida')})`,
      );
    } else if (body.statusCode >= 500) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error(
        `${request.method} ${request.routeOptions?.url ?? 'ruta desconocida'}: ${error.name}: ${error.message}`,
        error.stack,
      );
    }
    void sendErrorBody(request, reply, body);
  }

  toBody(exception: unknown): ApiErrorBody & Record<string, unknown> {
    if (exception instanceof AppError) return appErrorBody(exception);
    // Nest hands on Fastify's own errors (body parsing) wrapped in an HttpException whose cause is the original.
    const original = exception instanceof HttpException && exception.cause ? exception.cause : exception;
    const fastifyCode = (original as { code?: unknown })?.code;
    if (typeof fastifyCode === 'string' && FASTIFY_ERRORS[fastifyCode]) {
      const { code, message } = FASTIFY_ERRORS[fastifyCode];
      return bodyOf(code, message);
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      if (statusCode < 500) {
        return { statusCode, code: CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST', message: this.spanishFor(statusCode) };
      }
    }
    const statusCode = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return { statusCode, code: CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST', message: this.spanishFor(statusCode) };
    }
    // The database away, or Redis away for a call that must queue a job now (docs/domain.md, "Redis away").
    if (isDatabaseUnavailable(exception) || exception instanceof JobQueueUnavailableError) {
      return bodyOf('SERVICE_UNAVAILABLE', MESSAGES.generic.serviceUnavailable);
    }
    // A safety net: services answer their own Spanish 409 for the references and duplicates they expect; one they
    // did not foresee is still a conflict of the data, never a 500 (and is logged as a warning to be mapped).
    if (isForeignKeyViolation(exception)) {
      return bodyOf('CONFLICT', MESSAGES.generic.referencedConflict);
    }
    if (isUniqueViolation(exception)) {
      return bodyOf('CONFLICT', MESSAGES.generic.duplicateConflict);
    }
    return bodyOf('INTERNAL_ERROR', MESSAGES.generic.internal);
  }

  private isRouteNotFound(exception: unknown): boolean {
    return exception instanceof HttpException && exception.getStatus() === 404 && !(exception instanceof AppError);
  }

  private spanishFor(statusCode: number): string {
    switch (statusCode) {
      case 401:
        return MESSAGES.auth.unauthorized;
      case 403:
        return MESSAGES.auth.forbidden;
      case 404:
        return MESSAGES.generic.notFound;
      case 413:
        return MESSAGES.generic.payloadTooLarge;
      case 415:
        return MESSAGES.generic.unsupportedMediaType;
      case 429:
        return MESSAGES.generic.tooManyRequests;
      default:
        return MESSAGES.generic.validation;
    }
  }
}
