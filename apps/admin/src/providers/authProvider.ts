import type { CurrentUser } from '@evreg/contracts';
import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import { canAccess } from '../access/routes';
import { apiFetch, errorBody, noteSignOutReason, signIn, signOut } from './session';
import { tokens } from './tokens';

export type Identity = UserIdentity & CurrentUser;

let profile: Promise<CurrentUser> | null = null;

/** GET /api/user/me, once per page load (and again after a sign-in or a password change): identity,
 * permissions and the forced password change all come from it. A failure forgets it; a 401 that the refresh
 * could not cure also drops the tokens (docs/product.md §4: a failed user-data fetch signs out). */
export function loadProfile(): Promise<CurrentUser> {
  profile ??= apiFetch('/user/me').then(
    ({ json }) => json as CurrentUser,
    (error) => {
      profile = null;
      if (error instanceof HttpError && error.status === 401) tokens.clear();
      throw error;
    },
  );
  return profile;
}

export function forgetProfile(): void {
  profile = null;
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    forgetProfile();
    await signIn({ email, password });
  },

  async logout() {
    forgetProfile();
    await signOut();
  },

  async checkAuth() {
    // message false: the sign-in page says nothing about why it is shown.
    if (!tokens.present()) throw { message: false };
    try {
      await loadProfile();
    } catch (error) {
      if (!tokens.present()) throw { message: false };
      // Only a 401 ends the session: no network or a server away (5xx, after apiFetch's retries) keeps it and
      // the pages show their own error.
      if (!(error instanceof HttpError) || error.status !== 401) return;
      throw { message: false };
    }
  },

  /** Called with every data error. 401 (after the refresh was refused) signs out; a refused action because the
   * password must be changed goes to the forced page; a missing permission also signs out (docs/product.md §4: an
   * authorization failure logs out), so the next sign-in loads the permissions afresh. Anything else, 5xx and
   * no network included, keeps the session (docs/domain.md, "PostgreSQL away"). */
  async checkError(error: unknown) {
    const status = error instanceof HttpError ? error.status : undefined;
    const code = errorBody(error)?.code;
    if (status === 401) {
      forgetProfile();
      tokens.clear();
      throw new Error('ra.notification.logged_out');
    }
    if (status === 403 && code === 'PASSWORD_CHANGE_REQUIRED') {
      forgetProfile();
      throw { logoutUser: false, redirectTo: '/change-password', message: false };
    }
    if (status === 403 && code === 'PERMISSIONS_CHANGED') {
      // The server says the session signed in with other permissions: sign out, and the sign-in page says why.
      forgetProfile();
      noteSignOutReason('permissions');
      throw new Error('ra.notification.not_authorized');
    }
    if (status === 403 && code === 'FORBIDDEN') {
      forgetProfile();
      throw new Error('ra.notification.not_authorized');
    }
  },

  async getIdentity(): Promise<Identity> {
    const user = await loadProfile();
    return { ...user, fullName: fullName(user) || user.email };
  },

  async getPermissions() {
    return (await loadProfile()).permissions;
  },

  async canAccess({ resource, action }) {
    const { permissions } = await loadProfile();
    return canAccess(permissions, resource, action);
  },
};
