import type { User } from '@evreg/contracts';

export type UserStatus = 'Bloqueado' | 'Cambiar Contraseña' | 'Activo' | 'Email No Confirmado';

/** docs/product.md §4, in this order: blocked (lockoutEnd in the future), must change the password, active (e-mail
 * confirmed), otherwise e-mail not confirmed. */
export function userStatus(
  user: Pick<User, 'lockoutEnd' | 'mustChangePassword' | 'emailConfirmed'>,
  now = Date.now(),
): UserStatus {
  if (user.lockoutEnd && new Date(user.lockoutEnd).getTime() > now) return 'Bloqueado';
  if (user.mustChangePassword) return 'Cambiar Contraseña';
  if (user.emailConfirmed) return 'Activo';
  return 'Email No Confirmado';
}

export const STATUS_COLORS: Record<UserStatus, 'error' | 'warning' | 'success' | 'default'> = {
  Bloqueado: 'error',
  'Cambiar Contraseña': 'warning',
  Activo: 'success',
  'Email No Confirmado': 'default',
};
