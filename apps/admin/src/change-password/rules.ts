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

/** What the page is given on its way in (react-router's location state): the page to return to, and `fromMenu`
 * when the user chose 'Cambiar contraseña' in the header (a voluntary change: the page was pushed on the history).
 * The forced redirect (layout/AppLayout) gives the page without `fromMenu`. */
export interface ChangePasswordState {
  nextPathname?: string;
  nextSearch?: string;
  fromMenu?: boolean;
}

/** The state of the header's 'Cambiar contraseña' link, opened from this page. */
export function voluntaryChangeState(pathname: string, search: string): ChangePasswordState {
  return { nextPathname: pathname, nextSearch: search, fromMenu: true };
}

/** Where the page goes afterwards ('Volver', or 2 s after a successful change): back in the history when it was
 * opened from the header (the page the user was on, as the browser's Back would), else the page given, else the
 * dashboard (an address typed in). Never the page itself or the sign-in page. */
export function wayBack(state: unknown): { back: true } | { back: false; path: string } {
  const given = (state && typeof state === 'object' ? state : {}) as ChangePasswordState;
  const path = given.nextPathname;
  const usable =
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !['/change-password', '/login'].includes(path.replace(/\/+$/, ''));
  if (!usable) return { back: false, path: '/dashboard' };
  if (given.fromMenu === true) return { back: true };
  return { back: false, path: `${path}${typeof given.nextSearch === 'string' ? given.nextSearch : ''}` };
}
