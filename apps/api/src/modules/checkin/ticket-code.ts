import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../common/crypto/derived-key';

/** Ticket codes (docs/domain.md, "Tickets"): `<registrationId>-<MAC>`, the MAC 130 bits (26 base32 characters) of
 * HMAC-SHA256 over the registration's random `ticket_secret` (made by the column default) under a key derived from
 * APP_SECRET with HKDF and a purpose label of its own. The id is only a locator for an O(1) lookup; what makes the
 * code valid is the MAC over a random value, so a code can't be guessed from an id, and a copy of the database
 * without APP_SECRET gives none. Base32 upper case keeps the QR in its compact alphanumeric mode. */
const PURPOSE = 'evreg/ticket-code/v1';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const MAC_CHARS = 26;
const CODE = /^(\d{1,10})-([A-Za-z2-7]{26})$/;
const MAX_ID = 2_147_483_647;
const keyFor = (appSecret: string): Buffer => derivedKey(appSecret, PURPOSE);

function base32(bytes: Buffer, chars: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === chars) break;
  }
  return out;
}

function mac(appSecret: string, registrationId: number, ticketSecret: string): string {
  const digest = createHmac('sha256', keyFor(appSecret)).update(`${registrationId}:${ticketSecret}`).digest();
  return base32(digest, MAC_CHARS);
}

export function ticketCode(appSecret: string, registrationId: number, ticketSecret: string): string {
  return `${registrationId}-${mac(appSecret, registrationId, ticketSecret)}`;
}

/** The registration a code names, before checking its MAC (null: not a code at all). */
export function ticketLocator(code: string): number | null {
  const match = CODE.exec(code.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Whether the code is this registration's current one (constant-time; any case). */
export function ticketCodeMatches(
  appSecret: string,
  code: string,
  registrationId: number,
  ticketSecret: string,
): boolean {
  const expected = Buffer.from(ticketCode(appSecret, registrationId, ticketSecret));
  const given = Buffer.from(code.trim().toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What the offline list carries instead of the code: base64url(SHA-256(code in upper case)). */
export function ticketCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('base64url');
}
