import { attendee, createSession, eventually, NetelipStub, registerOnline, TestApp } from '@evreg/testing';
import { SmsDeliveryService } from '../src/modules/sms/sms-delivery.service';

const TOKEN = 'tok-netelip-secreto';
const M = {
  unauthorized: 'Netelip rechazó el token (401): revise el token en la configuración de SMS',
  noCredit: 'Saldo insuficiente en la cuenta de Netelip (402)',
  timeout: 'Netelip no respondió a tiempo',
  disabled: 'El envío de SMS está deshabilitado. Los usuarios no recibirán notificaciones por SMS.',
};

interface SmsRow {
  id: number;
  phone_number: string;
  message: string;
  status: number;
  cost: string;
  parts: number;
  error_message: string | null;
  attempts: number;
  provider_id: string | null;
  sent_by: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SMS delivery through Netelip (a local stand-in)', () => {
  let stub: NetelipStub;
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    stub = await NetelipStub.start();
    app = await TestApp.start({ env: { NETELIP_BASE_URL: stub.url, NETELIP_TIMEOUT_MS: '300' } });
    admin = await app.adminToken();
    const saved = await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: TOKEN },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await stub.close();
  });
  beforeEach(() => stub.reset());

  const smsRows = (where = 'true', params: unknown[] = []) =>
    app.sql<SmsRow>(
      `SELECT id::int, phone_number, message, status, cost::text, parts, error_message, attempts, provider_id, sent_by FROM sms_messages WHERE ${where} ORDER BY id`,
      params,
    );
  /** The rows once every one is sent or failed. */
  const settled = async (where: string, params: unknown[], timeoutMs = 15_000) => {
    const done = (rows: SmsRow[]) => rows.length > 0 && rows.every((row) => row.status !== 0);
    await eventually(async () => done(await smsRows(where, params)), timeoutMs, 'SMS sent or failed');
    return smsRows(where, params);
  };
  const notify = (sessionId: number, message: string) =>
    app.request('POST', `/api/notifications/sessions/${sessionId}`, { token: admin, body: { type: 0, message } });
  /** A session with one active registration per phone number. */
  const sessionWith = async (phones: string[], from: number) => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    for (const [i, phone] of phones.entries()) {
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...attendee(from + i, { telephoneNumber: phone }) },
      });
      expect(res.status).toBe(201);
    }
    return sessionId;
  };

  it('sends a session notification once to each active registration with a phone, with the form fields Netelip expects, and logs cost and id', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3, maxQueueSpots: 2 });
    const people = [
      attendee(1, { telephoneNumber: '+34 611 22 33 44' }),
      attendee(2, { telephoneNumber: '600123456' }),
      attendee(3, { telephoneNumber: '' }),
      attendee(4, { telephoneNumber: '622000004' }), // waiting: not notified
    ];
    const ids: number[] = [];
    for (const person of people) {
      ids.push(
        (
          await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
            body: { eventSessionId: sessionId, ...person },
          })
        ).body.id,
      );
    }
    await app.request('POST', `/api/registrations/${ids[0]}/cancel`, { token: admin }); // cancelled: not notified; 4 is promoted
    // 4's promotion SMS goes first; the notification's messages are what this test looks at.
    await settled(`session_id = $1 AND sms_type = 'Promotion'`, [sessionId]);
    stub.reset();
    const [session] = await app.sql(
      `SELECT to_char(start_date, 'DD/MM/YYYY') AS day FROM event_sessions WHERE id = $1`,
      [sessionId],
    );
    const [event] = await app.sql(
      `SELECT e.title FROM events e JOIN event_sessions s ON s.event_id = e.id WHERE s.id = $1`,
      [sessionId],
    );

    const res = await notify(sessionId, 'Recuerde traer su DNI.');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      totalRecipients: 3,
      successCount: 2,
      failedCount: 1,
      totalCost: 0.2,
      errors: [`Nombre3 Apellido 3 (registro ${ids[2]}): sin número de teléfono`],
    });

    const rows = await settled(`session_id = $1 AND sms_type = 'Notification'`, [sessionId]);
    const text = `Recuerde traer su DNI.\n${event.title}: ${session.day} 10:00`;
    expect(rows.map((r) => [r.phone_number, r.message, r.status, r.cost, r.parts, r.error_message, r.sent_by])).toEqual(
      [
        ['600123456', text, 1, '0.10', 1, null, 'Administrador Principal'],
        ['622000004', text, 1, '0.10', 1, null, 'Administrador Principal'],
      ],
    );
    expect(rows.every((r) => /^\d+$/.test(r.provider_id ?? ''))).toBe(true);
    expect(stub.requests.map((r) => r.destination).sort()).toEqual(['0034600123456', '0034622000004']);
    for (const request of stub.requests) {
      expect(request).toMatchObject({ token: TOKEN, from: 'EVENTOS', message: text });
      expect(request.contentType).toContain('application/x-www-form-urlencoded');
    }

    const log = await app.request('GET', '/api/smssettings/logs', { token: admin });
    // The two notifications and the promotion SMS before them.
    expect(log.body.data.filter((e: { status: string }) => e.status === 'Sent')).toHaveLength(3);
    expect(JSON.stringify(log.body)).not.toContain(TOKEN);
    expect((await app.request('GET', '/api/smssettings/logs/total-cost', { token: admin })).body).toEqual({
      totalCost: 0.3,
    });
  });

  it('records 401 and 402 answers as failed with Spanish errors, without retrying', async () => {
    const sessionId = await sessionWith(['611000001', '611000002'], 20);
    stub.modeFor.set('0034611000001', { status: '401' });
    stub.modeFor.set('0034611000002', { status: '402' });
    expect((await notify(sessionId, 'Aviso')).body).toMatchObject({ successCount: 2, failedCount: 0, totalCost: 0.2 });

    const rows = await settled('session_id = $1', [sessionId]);
    expect(rows.map((r) => [r.phone_number, r.status, r.error_message, r.cost, r.attempts])).toEqual([
      ['611000001', 2, M.unauthorized, '0.00', 1],
      ['611000002', 2, M.noCredit, '0.00', 1],
    ]);
    await sleep(2500); // longer than the first backoff: a retry would have happened by now
    expect(stub.requests).toHaveLength(2);
    const log = (await app.request('GET', '/api/smssettings/logs', { token: admin })).body.data;
    expect(log.find((e: { phoneNumber: string }) => e.phoneNumber === '611000002')).toMatchObject({
      status: 'Failed',
      cost: 0,
      errorMessage: M.noCredit,
    });
  });

  it('retries a timeout with backoff, then records it failed after the third try', async () => {
    const sessionId = await sessionWith(['611000003'], 30);
    stub.mode = { hang: true };
    await notify(sessionId, 'Aviso');

    await eventually(async () => (await smsRows('session_id = $1', [sessionId]))[0]?.error_message === M.timeout);
    expect((await smsRows('session_id = $1', [sessionId]))[0]).toMatchObject({ status: 0, attempts: 1 });
    const [row] = await settled('session_id = $1', [sessionId], 20_000);
    expect(row).toMatchObject({ status: 2, error_message: M.timeout, attempts: 3, cost: '0.00' });
    expect(stub.requests).toHaveLength(3);
  });

  it('retries a 5xx answer and sends once the provider is back', async () => {
    const sessionId = await sessionWith(['611000004'], 40);
    stub.mode = { http: 503 };
    await notify(sessionId, 'Aviso');
    await eventually(() => stub.requests.length === 1);
    stub.mode = { status: '200' };

    const [row] = await settled('session_id = $1', [sessionId]);
    expect(row).toMatchObject({ status: 1, attempts: 2, error_message: null, cost: '0.10' });
    expect(stub.requests).toHaveLength(2);
  });

  it('sends a message once even when two workers try it at the same time', async () => {
    const [{ id }] = await app.sql(
      `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost) VALUES ('Notification', '600111222', 'Hola', 1, 0.1) RETURNING id::text`,
    );
    const delivery = app.running.app.get(SmsDeliveryService);
    await Promise.all([
      delivery.deliver({ smsId: id }),
      delivery.deliver({ smsId: id }),
      delivery.deliver({ smsId: id }),
    ]);
    expect(stub.requests).toHaveLength(1);
    expect((await smsRows('id = $1', [id]))[0]).toMatchObject({ status: 1, attempts: 1 });
  });

  it('queues again, with its sweep, a pending message whose job was lost', async () => {
    const [{ id }] = await app.sql(
      `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost, created_at) VALUES ('Notification', '600333444', 'Perdido', 1, 0.1, now() - interval '5 minutes') RETURNING id::text`,
    );
    await app.running.app.get(SmsDeliveryService).sweepPending();
    await settled('id = $1', [id]);
    expect(stub.requests.map((r) => [r.destination, r.message])).toEqual([['0034600333444', 'Perdido']]);
  });

  it('sends the blacklist SMS when an entry is created with notificationType 0', async () => {
    const { eventId, sessionId } = await createSession(app);
    const [person] = await registerOnline(app, sessionId, 50, 1);
    const res = await app.request('POST', '/api/blacklists', {
      token: admin,
      body: {
        eventId,
        eventSessionId: sessionId,
        email: 'persona50@example.com',
        blackListReason: 0,
        notificationType: 0,
        expiresAt: '2099-03-15',
      },
    });
    expect(res.status).toBe(201);

    const rows = await settled('registration_id = $1', [person]);
    const text = 'Aviso: sus inscripciones a nuestros eventos quedan bloqueadas hasta el 15/03/2099. Motivo: No Show.';
    expect(rows.map((r) => [r.phone_number, r.message, r.status, r.parts, r.sent_by])).toEqual([
      ['600123456', text, 1, 1, 'Administrador Principal'],
    ]);
    expect(stub.requests).toEqual([expect.objectContaining({ destination: '0034600123456', message: text })]);
    expect(await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE email_type = 'Blacklist'`)).toEqual([
      { n: 0 },
    ]);
  });

  it('sends the promotion SMS to a promoted person with a phone, and none to one without', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
    const register = async (n: number, telephoneNumber: string | null) => {
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...attendee(n, { telephoneNumber }) },
      });
      expect(res.status).toBe(201);
      return res.body as { id: number; queued: boolean };
    };
    const seatedA = await register(70, '600700700');
    const seatedB = await register(71, '600711711');
    const waitingWithPhone = await register(72, '+34 600 722 722');
    const waitingWithout = await register(73, null);
    expect([waitingWithPhone.queued, waitingWithout.queued]).toEqual([true, true]);

    // Two seats free up: both waiting people are promoted; only the one with a phone gets an SMS.
    for (const seated of [seatedA, seatedB]) {
      expect((await app.request('POST', `/api/registrations/${seated.id}/cancel`, { token: admin })).status).toBe(200);
    }
    const rows = await settled('session_id = $1', [sessionId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone_number: '+34 600 722 722', status: 1, parts: 1, sent_by: 'Sistema' });
    expect(rows[0].message).toMatch(
      /^Buenas noticias: ya tiene plaza\. Ha pasado de la lista de espera a inscrito en\nEvento \d+: \d\d\/\d\d\/\d{4} 10:00$/,
    );
    expect(stub.requests).toEqual([
      expect.objectContaining({ destination: '0034600722722', message: rows[0].message }),
    ]);
    const [promoted] = await app.sql(
      `SELECT count(*)::int AS n FROM registrations WHERE session_id = $1 AND state = 0`,
      [sessionId],
    );
    expect(promoted).toEqual({ n: 2 });
  });

  it('while SMS is disabled: a blacklist SMS is logged as failed, a pending one fails at its turn, a notification is refused', async () => {
    await app.request('PUT', '/api/smssettings', { token: admin, body: { smsEnabled: false, senderName: 'EVENTOS' } });
    try {
      const { eventId, sessionId } = await createSession(app);
      const [person] = await registerOnline(app, sessionId, 60, 1);
      const created = await app.request('POST', '/api/blacklists', {
        token: admin,
        body: {
          eventId,
          eventSessionId: sessionId,
          email: 'persona60@example.com',
          blackListReason: 1,
          notificationType: 0,
          expiresAt: '2099-01-01',
        },
      });
      expect(created.status).toBe(201);
      expect(await smsRows('registration_id = $1', [person])).toEqual([
        expect.objectContaining({ status: 2, error_message: M.disabled, cost: '0.00' }),
      ]);

      const [{ id }] = await app.sql(
        `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost) VALUES ('Notification', '600555666', 'Hola', 1, 0.1) RETURNING id::text`,
      );
      await app.running.app.get(SmsDeliveryService).deliver({ smsId: id });
      expect((await smsRows('id = $1', [id]))[0]).toMatchObject({ status: 2, error_message: M.disabled });

      const refused = await notify(sessionId, 'Aviso');
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ statusCode: 409, code: 'SMS_DISABLED', message: M.disabled });
      expect(stub.requests).toHaveLength(0);
    } finally {
      await app.request('PUT', '/api/smssettings', { token: admin, body: { smsEnabled: true, senderName: 'EVENTOS' } });
    }
  });
});

/** A worker killed while sending holds its message only for a short lease, kept alive while it is really
 * sending (docs/domain.md, "Messages after a worker crash"). */
describe('SMS after a crash at send time', () => {
  let stub: NetelipStub;
  let app: TestApp;

  beforeAll(async () => {
    stub = await NetelipStub.start();
    app = await TestApp.start({
      env: { NETELIP_BASE_URL: stub.url, NETELIP_TIMEOUT_MS: '10000', SMS_LEASE_MS: '1500' },
    });
    const saved = await app.request('PUT', '/api/smssettings', {
      token: await app.adminToken(),
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: TOKEN },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await stub.close();
  });
  beforeEach(() => stub.reset());

  const row = async (id: string) =>
    (
      await app.sql(
        `SELECT status, attempts, extract(epoch FROM claimed_until - now())::float8 AS "leaseLeft" FROM sms_messages WHERE id = $1`,
        [id],
      )
    )[0];

  it('sends again, as soon as its lease runs out, a message whose worker died holding it', async () => {
    // What a worker killed mid-send leaves: pending, tried once, its claim running one more second.
    const [{ id }] = await app.sql(
      `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost, attempts, claimed_until, created_at)
       VALUES ('Notification', '600777888', 'Huérfano', 1, 0.1, 1, now() + interval '1 second', now() - interval '5 minutes') RETURNING id::text`,
    );
    await app.running.app.get(SmsDeliveryService).sweepPending();

    await eventually(async () => (await row(id)).status === 1, 10_000, 'sent after the lease');
    expect(await row(id)).toMatchObject({ status: 1, attempts: 2 });
    expect(stub.requests.map((r) => r.message)).toEqual(['Huérfano']);
  });

  it('keeps the claim of a send slower than the lease while its worker is alive: sent once', async () => {
    stub.answerDelayMs = 4_000;
    const [{ id }] = await app.sql(
      `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost, created_at) VALUES ('Notification', '600999000', 'Lento', 1, 0.1, now() - interval '5 minutes') RETURNING id::text`,
    );
    const delivery = app.running.app.get(SmsDeliveryService);
    const sending = delivery.deliver({ smsId: id });
    await eventually(() => stub.requests.length === 1, 5_000, 'request sent');
    // The claim is the short lease, not minutes.
    expect((await row(id)).leaseLeft).toBeLessThan(2);
    // Sweeps during the send would queue it again if the claim ran out.
    for (let i = 0; i < 5; i++) {
      await sleep(700);
      await delivery.sweepPending();
    }
    await sending;
    await sleep(500);
    expect(await row(id)).toMatchObject({ status: 1, attempts: 1 });
    expect(stub.requests).toHaveLength(1);
  }, 20_000);
});
