import { HttpError } from 'react-admin';
import { authProvider, forgetProfile } from './authProvider';
import { STORAGE_KEYS, tokens } from './tokens';
import { memoryLocalStorage } from './fakeBrowser';

/** localStorage and fetch as the browser has them, in memory. */
const store = memoryLocalStorage();

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
};

function serve(answer: (url: string) => { status: number; body?: unknown }) {
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const { status, body } = answer(String(url));
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

/** Lets the retries' pauses pass on the fake clock until the promise settles. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 200 && !done; i++) await jest.advanceTimersByTimeAsync(1_000);
  return promise;
}

beforeEach(() => {
  jest.useFakeTimers();
  forgetProfile();
  store.clear();
  store.set(STORAGE_KEYS.accessToken, 'caducado');
  store.set(STORAGE_KEYS.refreshToken, 'refresco');
});
afterEach(() => jest.useRealTimers());

describe('la sesión con el servidor no disponible', () => {
  it('un error 5xx o sin red no cierra la sesión (checkError)', async () => {
    for (const status of [0, 500, 502, 503, 504]) {
      await expect(
        authProvider.checkError(new HttpError('x', status, status === 503 ? UNAVAILABLE : undefined)),
      ).resolves.toBeUndefined();
    }
    expect(tokens.present()).toBe(true);
  });

  it('un 401 sí la cierra', async () => {
    await expect(authProvider.checkError(new HttpError('No autenticado', 401))).rejects.toBeDefined();
    expect(tokens.present()).toBe(false);
  });

  it('al abrir el panel con el token caducado y la renovación en 503, sigue dentro y entra cuando el servidor vuelve', async () => {
    let refreshes = 0;
    serve((url) => {
      if (url === '/api/auth/refresh') {
        return ++refreshes < 3
          ? { status: 503, body: UNAVAILABLE }
          : { status: 200, body: { accessToken: 'nuevo', accessTokenExpiresAt: '2030-01-01T00:00:00Z' } };
      }
      return store.get(STORAGE_KEYS.accessToken) === 'nuevo'
        ? {
            status: 200,
            body: {
              id: 'u1',
              email: 'ana@example.com',
              firstName: 'Ana',
              lastName: 'Pérez',
              permissions: ['Users.Read'],
              mustChangePassword: false,
            },
          }
        : { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'No autenticado' } };
    });
    await expect(settle(authProvider.checkAuth!({}))).resolves.toBeUndefined();
    expect(refreshes).toBe(3);
    expect(tokens.access()).toBe('nuevo');
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['Users.Read']);
  });

  it('si el servidor sigue sin responder, la sesión se conserva igualmente', async () => {
    serve((url) => (url === '/api/auth/refresh' ? { status: 503, body: UNAVAILABLE } : { status: 401, body: {} }));
    await expect(settle(authProvider.checkAuth!({}))).resolves.toBeUndefined();
    expect(tokens.refresh()).toBe('refresco');
  });
});
