import { createHash, createHmac, randomBytes } from 'node:crypto';

export const JWT_ISSUER = 'evreg';
export const JWT_AUDIENCE = 'evreg-admin';

/** A key for signing access tokens derived from APP_SECRET, so the secret itself serves other purposes
 * (encrypting stored credentials) under different derived keys. */
export function jwtSigningKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('evreg:jwt-signing').digest('base64url');
}

/** An opaque refresh token: 256 random bits. Only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
