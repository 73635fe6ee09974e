import { HttpError } from 'react-admin';
import { apiFetch, signIn } from './session';
import { STORAGE_KEYS, tokens } from './tokens';

/** localStorage and fetch as the browser has them, in memory. */
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});

type Call = { url: string; method: string; authorization: string | null; language: string | null };
let calls: Call[] = [];

function serve(answer: (call: Call) => { status: number; body?: unknown }) {
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { url: String(url), method: init?.method ?? 'GET', authorization: headers.get('Authorization'), language: headers.get('Accept-Language') };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

beforeEach(() => {
  store.clear();
  calls = [];
  store.set(STORAGE_KEYS.accessToken, 'viejo');
  store.set(STORAGE_KEYS.refreshToken, 'refresco');
});

describe('llamadas autenticadas', () => {
  it('con un 401 renueva el token (refresh token como bearer) y repite la llamada una vez', async () => {
    serve((call) => {
      if (call.url === '/api/auth/refresh') return { status: 200, body: { accessToken: 'nuevo', accessTokenExpiresAt: '2030-01-01T00:00:00Z' } };
      return call.authorization === 'Bearer nuevo' ? { status: 200, body: [{ id: 1 }] } : { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'No autenticado' } };
    });
    const { json } = await apiFetch('/department');
    expect(json).toEqual([{ id: 1 }]);
    expect(calls.map((c) => [c.method, c.url, c.authorization])).toEqual([
      ['GET', '/api/department', 'Bearer viejo'],
      ['POST', '/api/auth/refresh', 'Bearer refresco'],
      ['GET', '/api/department', 'Bearer nuevo'],
    ]);
    expect(calls.every((c) => c.language === 'es')).toBe(true);
    expect(tokens.access()).toBe('nuevo');
  });

  it('varias llamadas rechazadas a la vez comparten una sola renovación', async () => {
    serve((call) => {
      if (call.url === '/api/auth/refresh') return { status: 200, body: { accessToken: 'nuevo', accessTokenExpiresAt: '2030-01-01T00:00:00Z' } };
      return call.authorization === 'Bearer nuevo' ? { status: 200, body: {} } : { status: 401, body: {} };
    });
    await Promise.all([apiFetch('/user'), apiFetch('/role'), apiFetch('/department')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('si la renovación falla, olvida los tokens y devuelve el 401 sin repetir', async () => {
    serve(() => ({ status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sesión caducada: inicia sesión de nuevo' } }));
    await expect(apiFetch('/user')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/auth/refresh']);
    expect(tokens.present()).toBe(false);
  });

  it('un 401 sin refresh token no intenta renovar', async () => {
    store.delete(STORAGE_KEYS.refreshToken);
    serve(() => ({ status: 401, body: {} }));
    await expect(apiFetch('/user')).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(1);
  });

  it('sin red, un mensaje en español', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiFetch('/user')).rejects.toMatchObject({ status: 0, message: 'Error de conexión. Por favor, inténtalo de nuevo.' });
  });
});

describe('inicio de sesión', () => {
  it('guarda los cuatro tokens con claves admin_', async () => {
    store.clear();
    serve(() => ({
      status: 200,
      body: { accessToken: 'a', refreshToken: 'r', accessTokenExpiresAt: 'ae', refreshTokenExpiresAt: 're', userId: 'u', departmentId: null, roles: [], mustChangePassword: false },
    }));
    await signIn({ email: 'ana@example.com', password: 'secreto' });
    expect(Object.fromEntries(store)).toEqual({ admin_accessToken: 'a', admin_refreshToken: 'r', admin_accessTokenExpiresAt: 'ae', admin_refreshTokenExpiresAt: 're' });
  });

  it('el texto del servidor, o «Error al iniciar sesión»', async () => {
    serve(() => ({ status: 401, body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Email o contraseña incorrectos' } }));
    await expect(signIn({ email: 'ana@example.com', password: 'x' })).rejects.toThrow('Email o contraseña incorrectos');
    serve(() => ({ status: 500 }));
    await expect(signIn({ email: 'ana@example.com', password: 'x' })).rejects.toThrow('Error al iniciar sesión');
  });
});
