import { isPermissionName, MESSAGES, PermissionName, PERMISSIONS } from '@evreg/contracts';

/** What a creator asks a token to hold, checked against the catalogue and against what the creator holds now:
 * a token never holds more than its creator (docs/domain.md, "API tokens"). The answer is the field's messages
 * (empty: fine) and the permissions in catalogue order. */
export function checkTokenPermissions(
  requested: readonly string[],
  held: ReadonlySet<PermissionName>,
): { errors: string[]; permissions: PermissionName[] } {
  const unknown = requested.filter((name) => !isPermissionName(name));
  const known = requested.filter(isPermissionName);
  const notHeld = PERMISSIONS.filter((name) => known.includes(name) && !held.has(name));
  const errors: string[] = [];
  if (!requested.length) errors.push(MESSAGES.apiToken.permissionsRequired);
  if (unknown.length) errors.push(MESSAGES.apiToken.permissionUnknown(unknown));
  if (notHeld.length) errors.push(MESSAGES.apiToken.permissionNotHeld(notHeld));
  return { errors, permissions: PERMISSIONS.filter((name) => known.includes(name)) };
}

/** An expiry must be a real instant in the future (none: the token never expires). */
export function expiryError(expiresAt: string | null | undefined, now: Date): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return MESSAGES.apiToken.expiresAtInvalid;
  return time > now.getTime() ? null : MESSAGES.apiToken.expiresAtPast;
}
