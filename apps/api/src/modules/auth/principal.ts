import type { PermissionName } from '@evreg/contracts';

/** Who is calling, loaded fresh for every request so a revoked session or token, a block or a permission change
 * takes effect at once rather than when the access token expires. */
interface PrincipalBase {
  /** The staff member: the one signed in, or the API token's creator (whose name its actions carry). */
  userId: string;
  email: string;
  mustChangePassword: boolean;
  permissions: ReadonlySet<PermissionName>;
}

/** A staff member signed in through the back office (an access token naming a live session). */
export interface SessionPrincipal extends PrincipalBase {
  kind: 'session';
  sessionId: string;
  /** permissionsFingerprint of the sign-in, from the access token (absent in older tokens). */
  permissionsAtSignIn?: string;
}

/** A machine holding an API token: its permissions are the token's that its creator still holds
 * (docs/domain.md, "API tokens"). */
export interface ApiTokenPrincipal extends PrincipalBase {
  kind: 'apiToken';
  apiTokenId: string;
}

export type Principal = SessionPrincipal | ApiTokenPrincipal;

export interface AccessTokenPayload {
  sub: string;
  sid: string;
  /** permissionsFingerprint of the permissions the session signed in with. */
  pv?: string;
}
