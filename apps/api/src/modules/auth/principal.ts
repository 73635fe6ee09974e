import type { PermissionName } from '@evreg/contracts';

/** Who is calling, loaded fresh for every request so a revoked session, a block or a permission change takes
 * effect at once rather than when the access token expires. */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  mustChangePassword: boolean;
  permissions: ReadonlySet<PermissionName>;
}

export interface AccessTokenPayload {
  sub: string;
  sid: string;
}
