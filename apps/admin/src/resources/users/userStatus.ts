import type { User } from '@evreg/contracts';

export type UserStatus = 'Bloqueado' | 'Cambiar Contraseña' | 'Activo' | 'Email No Confirmado';

/** docs/product.md §4, in this order: blocked (isLocked: by staff, or lockoutEnd in the future), must change the password, active (e-mail
 * confirmed), otherwise e-mail not confirmed. */
export function userStatus(
  user: Pick<User, 'lockoutEnabled' | 'lockoutEnd' | 'mustChangePassword' | 'emailConfirmed'>,
  now = Date.now(),
): UserStatus {
  if (isLocked(user, now)) return 'Bloqueado';
  if (user.mustChangePassword) return 'Cambiar Contraseña';
  if (user.emailConfirmed) return 'Activo';
  return 'Email No Confirmado';
}

/** Locked, whoever locked it: blocked by staff (lockoutEnabled) or by the failed sign-ins (lockoutEnd in the
 * future). The list's 'Bloqueado', the edit dialog's switch and the 'Desbloquear' action all follow this. */
export function isLocked(user: Pick<User, 'lockoutEnabled' | 'lockoutEnd'>, now = Date.now()): boolean {
  return user.lockoutEnabled || (!!user.lockoutEnd && new Date(user.lockoutEnd).getTime() > now);
}

export const STATUS_COLORS: Record<UserStatus, 'error' | 'warning' | 'success' | 'default'> = {
  Bloqueado: 'error',
  'Cambiar Contraseña': 'warning',
  Activo: 'success',
  'Email No Confirmado': 'default',
};
