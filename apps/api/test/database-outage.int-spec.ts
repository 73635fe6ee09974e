import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginResponse } from '@evreg/contracts';
import { attendee, captureOutput, createSession } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { ThrowawayPostgres } from '@evreg/testing';

/** PostgreSQL away (docs/domain.md, "PostgreSQL away"): on a throwaway server of its own, killed and started
 * again, never the shared one. Every call answers 503 with Retry-After and a Spanish message, a signed-in staff
 * member stays signed in, the log tells the outage once, and the app recovers by itself. */

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
};
const DOWN_LINE = /Base de datos no disponible/;
const BACK_LINE = /Base de datos disponible de nuevo/;

describe('PostgreSQL away', () => {
  let pg: ThrowawayPostgres;
  let app: TestApp;
  let staff: LoginResponse;
  /** An API token (docs/domain.md, "API tokens"): checking it meets the outage like an access token. */
  let apiToken: string;
  let eventId: number;
  let sessionId: number;
  let output: ReturnType<typeof captureOutput>;
  /** The error and warning lines the app logged since `from` (the first test moves it to its start). */
  let from = 0;
  const lines = () =>
    output
      .lines()
      .slice(from)
      .filter((l) => ['error', 'warn', 'fatal'].includes(l.level))
      .map((l) => ({ level: l.level, text: String(l.msg) }));
  /** The frozen server's main process, while the second test has it stopped. */
  let postmaster: number | null = null;
  function resumePostmaster() {
    if (postmaster === null) return;
    process.kill(postmaster, 'SIGCONT');
    postmaster = null;
  }

  beforeAll(async () => {
    // Every line the app logs (the writes still go through to the console).
    output = captureOutput();
    pg = await ThrowawayPostgres.start();
    app = await TestApp.start({ databaseUrl: pg.url(), env: { LOG_LEVEL: 'warn', DB_CONNECT_TIMEOUT_MS: '2000' } });
    ({ eventId, sessionId } = await createSession(app, { maxAttendees: 5 }));
    staff = await app.login();
    apiToken = (
      await app.request('POST', '/api/api-tokens', {
        token: staff.accessToken,
        body: { name: 'Caída', permissions: ['Users.Read'] },
      })
    ).body.token;
  }, 60_000);

  afterAll(async () => {
    resumePostmaster();
    await app?.close();
    await pg?.destroy();
    output?.restore();
  });

  /** The calls of a visitor and of a signed-in staff member, with the tokens they hold. */
  const calls = (token: string, refreshToken: string) => ({
    'public event': () => app.request('GET', `/api/events/${eventId}`),
    'public sessions': () => app.request('GET', `/api/events/${eventId}/sessions`),
    hold: () =>
      app.request('POST', '/api/ticketholds', {
        body: { eventSessionId: sessionId, sessionToken: 'visitante-caida-bd-1', numberOfSpots: 1, userId: null },
      }),
    registration: () =>
      app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...attendee(71) },
      }),
    'admin list': () => app.request('GET', '/api/user', { token }),
    'admin list (API token)': () => app.request('GET', '/api/user', { token: apiToken }),
    me: () => app.request('GET', '/api/user/me', { token }),
    refresh: () => app.request('POST', '/api/auth/refresh', { token: refreshToken }),
    login: () =>
      app.request('POST', '/api/auth/login', { body: { email: 'nadie@example.com', password: 'una-clave' } }),
  });

  async function until<T>(
    what: string,
    probe: () => Promise<T>,
    ok: (value: T) => boolean,
    timeoutMs = 30_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: T | undefined;
    while (Date.now() < deadline) {
      last = await probe();
      if (ok(last)) return last;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${what}: sin respuesta esperada tras ${timeoutMs} ms (última: ${JSON.stringify(last)})`);
  }

  it('answers 503 with Retry-After while it is down, logs it once, and comes back without a restart', async () => {
    from = output.lines().length;
    await pg.kill();

    // Twice over, so the second round shows nothing more is logged per request.
    for (let round = 0; round < 2; round++) {
      for (const [name, call] of Object.entries(calls(staff.accessToken, staff.refreshToken))) {
        const res = await call();
        expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 503, body: UNAVAILABLE });
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(30);
      }
    }
    expect(lines().filter((l) => DOWN_LINE.test(l.text))).toEqual([
      { level: 'error', text: expect.stringMatching(DOWN_LINE) },
    ]);
    // No stack or error line per request.
    expect(lines().filter((l) => l.level === 'error' && !DOWN_LINE.test(l.text))).toEqual([]);

    await pg.resume();
    // The same access token works again: nobody was signed out and the pool reconnected by itself.
    await until(
      'me after resume',
      () => app.request('GET', '/api/user/me', { token: staff.accessToken }),
      (r) => r.status === 200,
    );
    const answered: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls(staff.accessToken, staff.refreshToken)))
      answered[name] = (await call()).status;
    expect(answered).toEqual({
      'public event': 200,
      'public sessions': 200,
      hold: 200,
      registration: 201,
      'admin list': 200,
      'admin list (API token)': 200,
      me: 200,
      refresh: 200,
      login: 401, // an unknown e-mail, now that someone can check it
    });

    await until(
      'recovery logged',
      async () => lines().filter((l) => BACK_LINE.test(l.text)).length,
      (n) => n > 0,
    );
    expect(lines().filter((l) => BACK_LINE.test(l.text))).toHaveLength(1);
    expect(lines().filter((l) => DOWN_LINE.test(l.text))).toHaveLength(1);
  }, 90_000);

  it('does not leave a request waiting while the server accepts connections but never answers', async () => {
    await pg.resume();
    await until(
      'up',
      () => app.request('GET', '/api/user/me', { token: staff.accessToken }),
      (r) => r.status === 200,
    );
    // Freeze the server (new connections wait in the kernel's backlog, unanswered) and end the app's open
    // sessions, so the next request must open a new connection.
    const backends = await app.sql<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    postmaster = Number(readFileSync(join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGSTOP');
    for (const { pid } of backends) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await new Promise((r) => setTimeout(r, 500));

    // Generous bound: without a connection timeout this request never answers.
    const res = await fetch(`${app.baseUrl}/api/user/me`, {
      headers: { authorization: `Bearer ${staff.accessToken}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(UNAVAILABLE);

    resumePostmaster();
    await until(
      'me after thaw',
      () => app.request('GET', '/api/user/me', { token: staff.accessToken }),
      (r) => r.status === 200,
    );
  }, 60_000);
});
