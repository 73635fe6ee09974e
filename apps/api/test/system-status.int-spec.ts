import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SystemStatus } from '@evreg/contracts';
import { NetelipStub, SmtpCapture, TestApp, createSession, eventually, registerOnline, useSmtp } from '@evreg/testing';

const ROOT = resolve(__dirname, '../../..');

function headCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** 'Estado del sistema' on real PostgreSQL and Redis, with a real SMTP server and the Netelip stand-in. */
describe('System status (GET /api/system/status)', () => {
  let app: TestApp;
  let netelip: NetelipStub;
  let smtp: SmtpCapture;
  let reader: string;

  beforeAll(async () => {
    netelip = await NetelipStub.start();
    smtp = await SmtpCapture.start();
    app = await TestApp.start({ env: { NETELIP_BASE_URL: netelip.url } });
    reader = (await app.staffWith(['Settings.Read'])).token;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await netelip?.close();
  });

  const status = async () => {
    const res = await app.request<SystemStatus>('GET', '/api/system/status', { token: reader });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('is refused without Settings.Read', async () => {
    expect((await app.request('GET', '/api/system/status')).status).toBe(401);
    const other = await app.staffWith(['Events.Read', 'Registrations.Read']);
    expect((await app.request('GET', '/api/system/status', { token: other.token })).status).toBe(403);
  });

  it('reports the database, Redis, the version and the messages waiting, with nothing configured to send', async () => {
    const { sessionId } = await createSession(app);
    await registerOnline(app, sessionId, 1, 1); // its confirmation waits: e-mail sending is off
    const body = await status();
    expect(body.database).toMatchObject({ state: 'ok', mode: 'postgres', latencyMs: expect.any(Number) });
    expect(body.redis).toMatchObject({ state: 'ok', latencyMs: expect.any(Number) });
    expect(body.smtp).toEqual({ state: 'not-configured', latencyMs: null, detail: 'No hay servidor SMTP configurado' });
    expect(body.sms).toEqual({ state: 'not-configured', latencyMs: null, detail: 'El envío de SMS no está activado' });
    expect(body.version).toEqual({
      version: JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).version,
      commit: headCommit(),
    });
    expect(body.outbox.map((o) => o.channel)).toEqual(['email', 'sms', 'webhook']);
    const [email, sms, webhook] = body.outbox;
    expect(email.pending).toBeGreaterThanOrEqual(1);
    expect(email.oldestPendingSeconds).toEqual(expect.any(Number));
    expect(sms).toMatchObject({ pending: 0, oldestPendingSeconds: null });
    expect(webhook).toMatchObject({ pending: 0, oldestPendingSeconds: null });
  });

  it('checks only the configured SMTP server and Netelip address, and says when the SMTP server is down', async () => {
    const admin = await app.adminToken();
    await useSmtp(app, admin, smtp);
    const sms = await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok' },
    });
    expect(sms.status).toBe(200);
    const netelipPort = new URL(netelip.url).port;
    // Each instance reuses its answer a few seconds: wait for one checked after the change.
    const up = await eventually(async () => {
      const body = await status();
      return body.smtp.state === 'ok' && body.sms.state === 'ok' && body;
    }, 30_000);
    expect(up.smtp.detail).toBe(`127.0.0.1:${smtp.port}`);
    expect(up.sms.detail).toBe(`127.0.0.1:${netelipPort}`);
    // Reachability is a connection: no SMS was requested from Netelip.
    expect(netelip.requests).toEqual([]);

    await smtp.stop();
    const down = await eventually(async () => {
      const body = await status();
      return body.smtp.state === 'down' && body;
    }, 30_000);
    expect(down.smtp).toEqual({
      state: 'down',
      latencyMs: null,
      detail: `127.0.0.1:${smtp.port}: conexión rechazada`,
    });
  }, 90_000);
});
