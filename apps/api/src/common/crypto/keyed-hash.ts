import { createHmac } from 'node:crypto';

/** Derived keys by secret and purpose: derived once, not at every call (the booking path hashes a few values per
 * request). */
const derivedKeys = new Map<string, Buffer>();

/** HMAC-SHA256 (hex) of a value under a key derived from APP_SECRET for one purpose: lets the database match
 * repeated requests about an e-mail address, a session token or an IP address without storing them. Changing
 * APP_SECRET breaks the matching of older rows. */
export function keyedHash(appSecret: string, purpose: string, value: string): string {
  const id = `${purpose}\u0000${appSecret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = createHmac('sha256', appSecret).update(`evreg:${purpose}`).digest();
    derivedKeys.set(id, key);
  }
  return createHmac('sha256', key).update(value).digest('hex');
}
