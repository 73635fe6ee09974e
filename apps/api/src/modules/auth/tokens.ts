import { createHash, createHmac, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@evreg/contracts';

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

/** The bearer token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

/** An API token for a machine: `evr_` (recognisable in a configuration file or a leaked log) and 256 random bits.
 * Only its SHA-256 is stored (docs/domain.md, "API tokens"). */
export function newApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a bearer token is meant as an API token (access tokens are JWTs: `eyJ…`). */
export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}
