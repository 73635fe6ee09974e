import { hkdfSync } from 'node:crypto';

const keys = new Map<string, Buffer>();

/** A 256-bit key of its own for each use of APP_SECRET (HKDF-SHA256 with the use's purpose label), so no two uses
 * (sealing secrets at rest, ticket codes, …) ever share a key; derived once per secret and purpose. */
export function derivedKey(appSecret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${appSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), purpose, 32));
    keys.set(id, key);
  }
  return key;
}
