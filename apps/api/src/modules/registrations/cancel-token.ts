import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cancellation link's token: the registration id and an HMAC of it under a key derived from APP_SECRET.
 * Unguessable, nothing stored, and single-use because a cancelled registration can't be cancelled again. */
export function cancellationToken(appSecret: string, registrationId: number): string {
  return `${registrationId}-${signature(appSecret, registrationId)}`;
}

export function registrationIdFromToken(appSecret: string, token: string): number | null {
  const match = /^(\d{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(appSecret, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

function signature(appSecret: string, registrationId: number): string {
  const key = createHmac('sha256', appSecret).update('evreg:cancellation').digest();
  return createHmac('sha256', key).update(String(registrationId)).digest('base64url').slice(0, 32);
}
