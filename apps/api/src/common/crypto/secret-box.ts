import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from './derived-key';

/** Encryption at rest for secrets kept in the database (SMTP password, Netelip token): AES-256-GCM under a
 * key derived from APP_SECRET with HKDF-SHA256 and a purpose label, so the signing uses of APP_SECRET and
 * this key never coincide. Output: `v1.<iv>.<ciphertext>.<tag>` (base64url parts); the version prefix lets a
 * future scheme coexist with stored v1 values and is bound to the ciphertext as associated data. */
const VERSION = 'v1';
const PURPOSE = 'evreg/secret-box/v1';
const keyFor = (appSecret: string): Buffer => derivedKey(appSecret, PURPOSE);

export function sealSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws if the value was not sealed with this APP_SECRET or was altered (the message names no content). */
export function openSecret(appSecret: string, sealed: string): string {
  const [version, iv, body, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || body === undefined || tag === undefined || rest.length) {
    throw new Error('Secreto cifrado con un formato desconocido');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('No se pudo descifrar el secreto (¿ha cambiado APP_SECRET?)');
  }
}
