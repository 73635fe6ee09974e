import { MESSAGES, MIN_PASSWORD_LENGTH, type ChangePasswordRequest } from '@evreg/contracts';

export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordRequest, string>>;

/** docs/product.md §5, password change: the first failing rule of each field. */
export function validateChangePassword({
  currentPassword,
  newPassword,
  confirmPassword,
}: ChangePasswordRequest): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (!currentPassword) errors.currentPassword = MESSAGES.password.currentRequired;
  if (!newPassword) errors.newPassword = MESSAGES.password.newRequired;
  else if (newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = MESSAGES.password.min;
  if (!confirmPassword) errors.confirmPassword = MESSAGES.password.confirmRequired;
  else if (newPassword && confirmPassword !== newPassword) errors.confirmPassword = MESSAGES.password.mismatch;
  return errors;
}

/** The text shown when the change fails: the server's message, else 'Error del servidor ({status})' for an
 * answer without one, else 'Error al cambiar contraseña' (docs/product.md §8). */
export function changePasswordFailure(status: number | undefined, serverMessage: string | undefined): string {
  if (serverMessage) return serverMessage;
  if (status && status >= 400) return `Error del servidor (${status})`;
  return 'Error al cambiar contraseña';
}
