import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when it is short and made of characters safe in a header and a log line (a UUID, a ULID,
 * a proxy's trace id); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/** The request id of an /api/v1 request: the client's or its proxy's `X-Request-Id` when sane, else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
