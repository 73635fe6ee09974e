import type { LoginResponse, RefreshResponse } from '@evreg/contracts';

/** The admin tokens in localStorage under admin_-prefixed keys (docs/product.md §3). No imports beyond types, so the entry
 * chunk can tell whether someone is signed in without loading anything else. */
export const STORAGE_KEYS = {
  accessToken: 'admin_accessToken',
  refreshToken: 'admin_refreshToken',
  accessTokenExpiresAt: 'admin_accessTokenExpiresAt',
  refreshTokenExpiresAt: 'admin_refreshTokenExpiresAt',
} as const;

export const tokens = {
  access: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refresh: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  /** A session exists while a token does (an expired access token is renewed by the next call). */
  present: () => !!localStorage.getItem(STORAGE_KEYS.refreshToken) || !!localStorage.getItem(STORAGE_KEYS.accessToken),
  saveLogin(body: LoginResponse) {
    localStorage.setItem(STORAGE_KEYS.accessToken, body.accessToken);
    localStorage.setItem(STORAGE_KEYS.accessTokenExpiresAt, body.accessTokenExpiresAt);
    localStorage.setItem(STORAGE_KEYS.refreshToken, body.refreshToken);
    localStorage.setItem(STORAGE_KEYS.refreshTokenExpiresAt, body.refreshTokenExpiresAt);
  },
  saveRefresh(body: RefreshResponse) {
    localStorage.setItem(STORAGE_KEYS.accessToken, body.accessToken);
    localStorage.setItem(STORAGE_KEYS.accessTokenExpiresAt, body.accessTokenExpiresAt);
  },
  clear() {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};
