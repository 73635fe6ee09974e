import * as argon2 from 'argon2';
import { randomInt } from 'node:crypto';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow enough to make guessing expensive. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

/** A hash of nothing in particular, verified against when the e-mail is unknown so that a login for a
 * missing account takes as long as one for an existing account. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('evreg-dummy-password');
  return dummyHash;
}

/** 14 characters from an alphabet without look-alikes (no 0/O, 1/l/I), with upper, lower, digit and symbol. */
export function generateTemporaryPassword(length = 14): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%*-_+?'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
