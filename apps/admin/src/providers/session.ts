import type { ApiErrorBody, LoginRequest, LoginResponse, RefreshResponse } from '@evreg/contracts';
import { fetchUtils, HttpError } from 'react-admin';
import { tokens } from './tokens';

/** The one fetch every API call of the back office goes through (bearer token, Spanish, refresh on 401 and
 * retry once), and sign-in / sign-out. Shared by the light sign-in page and the react-admin providers. */

export const API_BASE = '/api';

export const CONNECTION_ERROR = 'Error de conexión. Por favor, inténtalo de nuevo.';
const LOGIN_FAILED = 'Error al iniciar sesión';

/** fetch() that turns a network failure into a Spanish message (the browser's own is English). */
async function send(url: string, options: fetchUtils.Options) {
  try {
    return await fetchUtils.fetchJson(url, options);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(CONNECTION_ERROR, 0);
  }
}

function headers(extra?: HeadersInit, token?: string | null): Headers {
  const h = new Headers(extra);
  if (!h.has('Accept')) h.set('Accept', 'application/json');
  h.set('Accept-Language', 'es');
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}

let refreshing: Promise<boolean> | null = null;

/** POST /api/auth/refresh with the refresh token as bearer; one call at a time however many requests got a 401. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = tokens.refresh();
    if (!refresh) return false;
    try {
      const { json } = await send(`${API_BASE}/auth/refresh`, { method: 'POST', headers: headers(undefined, refresh) });
      tokens.saveRefresh(json as RefreshResponse);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) tokens.clear();
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** An authenticated API call (path under /api). On 401 the access token is renewed and the call retried once;
 * if that fails the tokens are dropped and the 401 is thrown (the auth provider then signs out). Errors are
 * HttpError with the API's Spanish message and its body ({ statusCode, code, message, errors? }). */
export async function apiFetch(path: string, options: fetchUtils.Options = {}) {
  const attempt = () => send(`${API_BASE}${path}`, { ...options, headers: headers(options.headers, tokens.access()) });
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401 || !tokens.refresh()) throw error;
    if (await refreshAccessToken()) return attempt();
    tokens.clear();
    throw error;
  }
}

export function errorBody(error: unknown): ApiErrorBody | undefined {
  return error instanceof HttpError && error.body && typeof error.body === 'object' ? (error.body as ApiErrorBody) : undefined;
}

/** POST /api/auth/login; keeps the tokens. Throws an Error with the text to show in the red alert. */
export async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    const { json } = await send(`${API_BASE}/auth/login`, { method: 'POST', headers: headers(), body: JSON.stringify(credentials) });
    tokens.saveLogin(json as LoginResponse);
    return json as LoginResponse;
  } catch (error) {
    if (error instanceof HttpError && error.status === 0) throw new Error(CONNECTION_ERROR);
    throw new Error(errorBody(error)?.message || LOGIN_FAILED);
  }
}

/** POST /api/auth/logout (revokes the refresh token server-side, best effort) and forgets the tokens. */
export async function signOut(): Promise<void> {
  const access = tokens.access();
  tokens.clear();
  if (!access) return;
  try {
    await send(`${API_BASE}/auth/logout`, { method: 'POST', headers: headers(undefined, access) });
  } catch {
    // An expired token or no network: the tokens are gone from this browser anyway.
  }
}
