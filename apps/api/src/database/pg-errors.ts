/** PostgreSQL error codes the services turn into Spanish 409s. */
export function pgCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
/** A row still referenced (or a reference to no row). PostgreSQL 18, which the embedded database runs, reports a
 * violated `ON DELETE RESTRICT` as 23001 (restrict_violation); earlier servers as 23503 like any other. */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(pgCode(error) ?? '');

/** Network errors on the way to the server (Node's codes). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs that mean the server can't serve this connection now: admin_shutdown, crash_shutdown,
 * cannot_connect_now, too_many_connections (class 08, connection exception, is matched by prefix). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's and pg-pool's own errors for a connection that ended or could not be had in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly / due to connection timeout
  /^timeout exceeded when trying to connect/,
  /connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/** Whether an error means the database can't be reached or can't take us now (docs/domain.md, "PostgreSQL
 * away"), as opposed to a query that failed. Looks through TypeORM's wrapper (driverError) and the
 * AggregateError Node raises when every address of a host refused. Not through `cause`: a failed call to
 * another service (fetch's 'fetch failed' with an ECONNREFUSED cause) is not a database outage. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const candidate = error as { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown };
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  const message = candidate.message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const inner = [candidate.driverError, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  return inner.some((e) => e !== error && isDatabaseUnavailable(e, depth + 1));
}

/** pg-pool's refusal after DB_CONNECT_TIMEOUT_MS without a free connection: nothing was sent to the server, so the
 * statement can be run again as it was (docs/domain.md, "Bookings decided together": a batch that waited too long). */
export function isPoolWaitTimeout(error: unknown): boolean {
  const candidate = error as { message?: unknown; driverError?: { message?: unknown } } | null;
  const message = candidate?.driverError?.message ?? candidate?.message;
  return typeof message === 'string' && /^timeout exceeded when trying to connect/.test(message);
}
