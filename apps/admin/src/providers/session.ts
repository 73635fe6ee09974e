import type { ApiErrorBody, LoginRequest, LoginResponse, RefreshResponse } from '@evreg/contracts';
import { fetchUtils, HttpError } from 'react-admin';
import { tokens } from './tokens';

/** The one fetch every API call of the back office goes through (bearer token, Spanish, refresh on 401 and
 * retry once, reads retried while the server is away), and sign-in / sign-out. Shared by the light sign-in page
 * and the react-admin providers. */

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

/** The server can't answer now but may in a moment: no network, a proxy's 502/504, the API's 503 while its
 * database is away (docs/domain.md, "PostgreSQL away"). Never a reason to sign out. */
export function isServerUnavailable(error: unknown): boolean {
  return error instanceof HttpError && [0, 502, 503, 504].includes(error.status);
}

/** Waits between tries of a read while the server is away: 1 s, 2 s, 4 s, 8 s, then every 15 s, each ±20 % so
 * that many open back offices don't retry in step; after about a minute the error is shown (the session stays). */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
const RETRY_WINDOW_MS = 60_000;

function retryDelay(attempt: number): number {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type AvailabilityListener = (unavailable: boolean) => void;
const availabilityListeners = new Set<AvailabilityListener>();
let serverAway = false;

function setServerAway(away: boolean): void {
  if (serverAway === away) return;
  serverAway = away;
  for (const listener of availabilityListeners) listener(away);
}

/** Tells `listener(true)` when reads start being retried because the server is away, `listener(false)` when it
 * answers again (the back office shows a notification: layout/ServerStatusNotifier). Answers the unsubscribe. */
export function onServerAvailability(listener: AvailabilityListener): () => void {
  availabilityListeners.add(listener);
  return () => void availabilityListeners.delete(listener);
}

/** Why the back office signed someone out, for the sign-in page to say (sessionStorage: this tab only, and gone
 * with it). Not set by a voluntary 'Cerrar Sesión'. */
export const SIGN_OUT_REASONS = {
  expired: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  permissions: 'Tus permisos han cambiado. Inicia sesión de nuevo.',
} as const;
export type SignOutReason = keyof typeof SIGN_OUT_REASONS;
const SIGN_OUT_REASON_KEY = 'admin_signOutReason';

export function noteSignOutReason(reason: SignOutReason): void {
  sessionStorage.setItem(SIGN_OUT_REASON_KEY, reason);
}

/** The text for the sign-in page, if the last sign-out had a reason. */
export function signOutReason(): string | null {
  const reason = sessionStorage.getItem(SIGN_OUT_REASON_KEY);
  return reason && reason in SIGN_OUT_REASONS ? SIGN_OUT_REASONS[reason as SignOutReason] : null;
}

export function forgetSignOutReason(): void {
  sessionStorage.removeItem(SIGN_OUT_REASON_KEY);
}

let refreshing: Promise<boolean> | null = null;

/** POST /api/auth/refresh with the refresh token as bearer; one call at a time however many requests got a 401.
 * True: renewed. False: refused (a 401, or no refresh token), the tokens are gone (and, refused, the sign-in page
 * will say the session expired). Any other failure (server
 * away, network) rejects with its HttpError and keeps the tokens: only the server's 401 ends a session. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = tokens.refresh();
    if (!refresh) return false;
    try {
      const { json } = await send(`${API_BASE}/auth/refresh`, { method: 'POST', headers: headers(undefined, refresh) });
      tokens.saveRefresh(json as RefreshResponse);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        tokens.clear();
        noteSignOutReason('expired');
        return false;
      }
      throw error;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** One try: on 401 the access token is renewed and the call made once more; if the renewal is refused the tokens
 * are dropped and the 401 is thrown (the auth provider then signs out). */
async function authenticatedFetch(path: string, options: fetchUtils.Options) {
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

/** An authenticated API call (path under /api). Errors are HttpError with the API's Spanish message and its body
 * ({ statusCode, code, message, errors? }). While the server is away (isServerUnavailable) a read is tried again
 * with growing pauses, until it answers, the screen cancels it, or the retry window ends; a change (POST, PUT,
 * DELETE) is never repeated on its own: its 503 is shown and the user decides. */
export async function apiFetch(path: string, options: fetchUtils.Options = {}) {
  const isRead = !options.method || /^(GET|HEAD)$/i.test(options.method);
  const startedAt = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await authenticatedFetch(path, options);
      setServerAway(false);
      return result;
    } catch (error) {
      if (!isServerUnavailable(error)) {
        // The server answered (a refusal is still an answer).
        if (error instanceof HttpError) setServerAway(false);
        throw error;
      }
      const wait = retryDelay(attempt);
      if (!isRead || options.signal?.aborted || Date.now() - startedAt + wait > RETRY_WINDOW_MS) throw error;
      setServerAway(true);
      await pause(wait, options.signal);
    }
  }
}

export function errorBody(error: unknown): ApiErrorBody | undefined {
  return error instanceof HttpError && error.body && typeof error.body === 'object'
    ? (error.body as ApiErrorBody)
    : undefined;
}

/** POST /api/auth/login; keeps the tokens. Throws an Error with the text to show in the red alert. */
export async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    const { json } = await send(`${API_BASE}/auth/login`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(credentials),
    });
    tokens.saveLogin(json as LoginResponse);
    forgetSignOutReason();
    return json as LoginResponse;
  } catch (error) {
    if (error instanceof HttpError && error.status === 0) throw new Error(CONNECTION_ERROR, { cause: error });
    throw new Error(errorBody(error)?.message || LOGIN_FAILED, { cause: error });
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
