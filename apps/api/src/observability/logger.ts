import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/app-config';

/** Where personal data and secrets may sit in an object handed to the logger: redacted whatever the level. The one
 * list (docs/architecture.md, "Metrics, logs and traces"); messages are scrubbed by `scrub` below. */
export const REDACTED_PATHS = [
  'authorization',
  'cookie',
  'email',
  'dni',
  'phone',
  'firstName',
  'lastName',
  'fullName',
  'name',
  'token',
  'accessToken',
  'refreshToken',
  'password',
  'secret',
  'ticketCode',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

const PINO_LEVEL: Record<AppConfig['logLevel'], pino.Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
};

/** What a message written by the code may still carry although it should not (a library's error text quoting a
 * value): e-mail addresses, bearer and API tokens, JWTs, DNI/NIE numbers, Spanish phone numbers. */
const SCRUBBED: [RegExp, string][] = [
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
  [/\bevr_[A-Za-z0-9_-]{10,}/g, '[token]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, '[jwt]'],
  [/\b[XYZxyz]?\d{7,8}[A-Za-z]\b/g, '[dni]'],
  [/(?:\+34\s?)?\b[6-9]\d{2}\s?\d{3}\s?\d{3}\b/g, '[teléfono]'],
];

export function scrub(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SCRUBBED) out = out.replace(pattern, replacement);
  return out;
}

/** The process's pino logger: JSON lines on stdout (one object a line: time, level, context, msg, and the request
 * line's fields), or human-readable when LOG_FORMAT=pretty (the default in development). */
export function createPino(config: Pick<AppConfig, 'logLevel' | 'logFormat'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: PINO_LEVEL[config.logLevel],
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redactado]' },
  };
  if (destination) return pino(options, destination);
  if (config.logFormat === 'pretty') {
    // Loaded only when asked for: a JSON deployment never reads it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require('pino-pretty') as typeof import('pino-pretty');
    return pino(
      options,
      pretty({
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        // A request on one line: "request GET /api/health 200 3 ms (id)".
        ignore: 'pid,hostname,context,reqId,method,route,status,durationMs',
        messageFormat:
          '{if context}[{context}] {end}{msg}{if reqId} {method} {route} {status} {durationMs} ms ({reqId}){end}',
        sync: true,
      }),
    );
  }
  // process.stdout rather than pino's own file descriptor writer: the lines keep their order with anything else the
  // process prints, and a test reads them where it reads the rest.
  return pino(options, process.stdout);
}

const NEST_LEVEL: Record<LogLevel, pino.Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Nest's logger (every `new Logger(context)` of the code, Nest's own lines) written through pino. Nest calls
 * `log(message, context)` and `error(message, stack, context)`. */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    const pinoLevel = NEST_LEVEL[level];
    if (!this.pino.isLevelEnabled(pinoLevel)) return;
    const rest = [...params];
    const context = rest.length && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const failure = level === 'error' || level === 'fatal';
    let stack = failure ? rest.find((p) => typeof p === 'string') : undefined;
    let text: string;
    if (message instanceof Error) {
      text = `${message.name}: ${message.message}`;
      if (failure) stack ??= message.stack;
    } else text = typeof message === 'string' ? message : JSON.stringify(message);
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (typeof stack === 'string') fields.stack = scrub(stack);
    this.pino[pinoLevel](fields, scrub(text));
  }
}
