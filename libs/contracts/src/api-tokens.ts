import type { PermissionName } from './permissions';

/** Machine access: API tokens (docs/domain.md, "API tokens"). A token is `evr_` followed by 256 random bits
 * (base64url); the API keeps only its SHA-256 and answers the token itself once, when it is created. */
export const API_TOKEN_PREFIX = 'evr_';
export const API_TOKEN_NAME_MAX = 100;

export interface ApiToken {
  id: string;
  name: string;
  /** What the token was given; in use it grants only those its creator still holds. */
  permissions: PermissionName[];
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
  /** Updated at most once a minute. */
  lastUsedAt: string | null;
  createdById: string;
  createdByEmail: string;
  createdByName: string | null;
}

export interface CreateApiTokenRequest {
  name: string;
  permissions: PermissionName[];
  expiresAt?: string | null;
}

/** The answer to the creation: the only time the token is shown. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}
