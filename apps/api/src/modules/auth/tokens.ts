import { createHash, createHmac, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@evreg/contracts';

export const JWT_ISSUER = 'evreg';
export const JWT_AUDIENCE = 'evreg-admin';

/** A key for signing access tokens derived from APP_SECRET, so the secret itself serves other purposes
 * (encrypting stored credentials) under different derived keys. */
export function jwtSigningKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('evreg:jwt-signing').digest('base64url');
}

/** A short fingerprint of a set of permissions (order does not matter): what a session could do when it signed
 * in, carried by its tokens so that a refusal can tell "your permissions changed" from "you never had it". */
export function permissionsFingerprint(permissions: Iterable<string>): string {
  return createHash('sha256')
    .update([...permissions].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** An opaque refresh token: 256 random bits, then `.` and the permissions fingerprint of the sign-in (so a renewed
 * access token still carries the sign-in's). Only its SHA-256 is stored, so the fingerprint can't be altered. */
export function newRefreshToken(fingerprint: string): { token: string; hash: string } {
  const token = `${randomBytes(32).toString('base64url')}.${fingerprint}`;
  return { token, hash: hashRefreshToken(token) };
}

/** The sign-in's permissions fingerprint a refresh token carries (none in tokens made before it did). */
export function refreshTokenFingerprint(token: string): string | undefined {
  return /\.([0-9a-f]{16})$/.exec(token)?.[1];
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
