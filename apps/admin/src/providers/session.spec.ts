import { HttpError } from 'react-admin';
import { apiFetch, forgetSignOutReason, onServerAvailability, signIn, signOutReason } from './session';
import { STORAGE_KEYS, tokens } from './tokens';
import { memoryLocalStorage } from './fakeBrowser';

/** localStorage and fetch as the browser has them, in memory. */
const store = memoryLocalStorage();

type Call = { url: string; method: string; authorization: string | null; language: string | null };
let calls: Call[] = [];

function serve(answer: (call: Call) => { status: number; body?: unknown }) {
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      url: String(url),
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      language: headers.get('Accept-Language'),
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
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
      if (call.url === '/api/auth/refresh')
        return { status: 200, body: { accessToken: 'nuevo', accessTokenExpiresAt: '2030-01-01T00:00:00Z' } };
      return call.authorization === 'Bearer nuevo'
        ? { status: 200, body: [{ id: 1 }] }
        : { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'No autenticado' } };
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
      if (call.url === '/api/auth/refresh')
        return { status: 200, body: { accessToken: 'nuevo', accessTokenExpiresAt: '2030-01-01T00:00:00Z' } };
      return call.authorization === 'Bearer nuevo' ? { status: 200, body: {} } : { status: 401, body: {} };
    });
    await Promise.all([apiFetch('/user'), apiFetch('/role'), apiFetch('/department')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('si la renovación falla, olvida los tokens y devuelve el 401 sin repetir', async () => {
    serve(() => ({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sesión caducada: inicia sesión de nuevo' },
    }));
    await expect(apiFetch('/user')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/auth/refresh']);
    expect(tokens.present()).toBe(false);
    // The sign-in page says why, once.
    expect(signOutReason()).toBe('Tu sesión ha caducado. Inicia sesión de nuevo.');
    forgetSignOutReason();
    expect(signOutReason()).toBeNull();
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
    // A change, so it fails at once (reads are retried first: below).
    await expect(apiFetch('/user', { method: 'POST' })).rejects.toMatchObject({
      status: 0,
      message: 'Error de conexión. Por favor, inténtalo de nuevo.',
    });
  });
});

describe('inicio de sesión', () => {
  it('guarda los cuatro tokens con claves admin_', async () => {
    store.clear();
    serve(() => ({
      status: 200,
      body: {
        accessToken: 'a',
        refreshToken: 'r',
        accessTokenExpiresAt: 'ae',
        refreshTokenExpiresAt: 're',
        userId: 'u',
        departmentId: null,
        roles: [],
        mustChangePassword: false,
      },
    }));
    await signIn({ email: 'ana@example.com', password: 'secreto' });
    expect(Object.fromEntries(store)).toEqual({
      admin_accessToken: 'a',
      admin_refreshToken: 'r',
      admin_accessTokenExpiresAt: 'ae',
      admin_refreshTokenExpiresAt: 're',
    });
  });

  it('el texto del servidor, o «Error al iniciar sesión»', async () => {
    serve(() => ({
      status: 401,
      body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Email o contraseña incorrectos' },
    }));
    await expect(signIn({ email: 'ana@example.com', password: 'x' })).rejects.toThrow('Email o contraseña incorrectos');
    serve(() => ({ status: 500 }));
    await expect(signIn({ email: 'ana@example.com', password: 'x' })).rejects.toThrow('Error al iniciar sesión');
  });
});

describe('servidor no disponible (503, 502, 504 o sin red)', () => {
  const UNAVAILABLE = {
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  };
  let seen: boolean[];
  let stop: () => void;

  beforeEach(() => {
    jest.useFakeTimers();
    seen = [];
    stop = onServerAvailability((unavailable) => seen.push(unavailable));
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  /** Runs a call while its retries wait, letting the fake clock run. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    void promise.then(
      () => (done = true),
      () => (done = true),
    );
    for (let i = 0; i < 200 && !done; i++) await jest.advanceTimersByTimeAsync(1_000);
    return promise;
  }

  it('una lectura con 503 conserva la sesión, reintenta y recibe los datos cuando el servidor vuelve', async () => {
    let down = 3;
    serve(() => (down-- > 0 ? { status: 503, body: UNAVAILABLE } : { status: 200, body: [{ id: 1 }] }));
    const { json } = await settle(apiFetch('/department'));
    expect(json).toEqual([{ id: 1 }]);
    expect(calls.map((c) => c.url)).toEqual(Array(4).fill('/api/department'));
    expect(tokens.access()).toBe('viejo');
    expect(seen).toEqual([true, false]);
  });

  it('sin red, igual: reintenta sin cerrar la sesión', async () => {
    let down = 2;
    globalThis.fetch = jest.fn(async () => {
      if (down-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ok: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    await expect(settle(apiFetch('/user/me'))).resolves.toMatchObject({ json: { ok: true } });
    expect(tokens.present()).toBe(true);
  });

  it('si la renovación del token responde 503 o falla la red, conserva los tokens y la reintenta', async () => {
    const refreshAnswers: ({ status: number; body?: unknown } | 'network')[] = [
      { status: 503, body: UNAVAILABLE },
      'network',
      { status: 502 },
    ];
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const authorization = new Headers(init?.headers).get('Authorization');
      calls.push({ url: String(url), method: init?.method ?? 'GET', authorization, language: null });
      let answer: { status: number; body?: unknown };
      if (String(url) === '/api/auth/refresh') {
        const next = refreshAnswers.shift() ?? {
          status: 200,
          body: { accessToken: 'nuevo', accessTokenExpiresAt: '2030-01-01T00:00:00Z' },
        };
        if (next === 'network') throw new TypeError('Failed to fetch');
        answer = next;
      } else {
        answer =
          authorization === 'Bearer nuevo'
            ? { status: 200, body: [{ id: 7 }] }
            : { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' } };
      }
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;

    const pending = apiFetch('/user');
    // While the server is away the session stays.
    await jest.advanceTimersByTimeAsync(0);
    expect(tokens.refresh()).toBe('refresco');
    const { json } = await settle(pending);
    expect(json).toEqual([{ id: 7 }]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(4);
    expect(calls.filter((c) => c.url === '/api/auth/refresh').every((c) => c.authorization === 'Bearer refresco')).toBe(
      true,
    );
    expect(tokens.access()).toBe('nuevo');
    expect(tokens.refresh()).toBe('refresco');
  });

  it('solo un 401 de la renovación cierra la sesión', async () => {
    let refreshes = 0;
    serve((call) => {
      if (call.url !== '/api/auth/refresh')
        return { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' } };
      return ++refreshes === 1
        ? { status: 503, body: UNAVAILABLE }
        : { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sesión caducada' } };
    });
    await expect(settle(apiFetch('/user'))).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(2);
    expect(tokens.present()).toBe(false);
  });

  it('un cambio (POST, PUT, DELETE) no se repite solo: devuelve el 503 con su mensaje y conserva la sesión', async () => {
    serve(() => ({ status: 503, body: UNAVAILABLE }));
    await expect(settle(apiFetch('/department', { method: 'POST', body: '{}' }))).rejects.toMatchObject({
      status: 503,
      message: UNAVAILABLE.message,
    });
    expect(calls).toHaveLength(1);
    expect(tokens.present()).toBe(true);
  });

  it('tras un rato sin servidor devuelve el error (sin cerrar la sesión), y espera cada vez más entre intentos', async () => {
    const times: number[] = [];
    serve(() => {
      times.push(Date.now());
      return { status: 503, body: UNAVAILABLE };
    });
    await expect(settle(apiFetch('/role'))).rejects.toMatchObject({ status: 503 });
    expect(tokens.present()).toBe(true);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(gaps.length).toBeGreaterThanOrEqual(4);
    expect(gaps[0]).toBeLessThan(gaps[3]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(20_000);
  });

  it('una lectura cancelada (la pantalla se cerró) deja de reintentar', async () => {
    serve(() => ({ status: 503, body: UNAVAILABLE }));
    const controller = new AbortController();
    const pending = apiFetch('/user', { signal: controller.signal });
    const outcome = pending.catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(0);
    controller.abort();
    await jest.advanceTimersByTimeAsync(60_000);
    await outcome;
    expect(calls).toHaveLength(1);
  });
});
