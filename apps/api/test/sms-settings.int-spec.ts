import { TestApp } from '@evreg/testing';

const M = {
  senderRequired: 'El remitente es requerido para enviar SMS',
  senderInvalid: 'El remitente debe tener como máximo 11 letras, números o espacios (o un número de hasta 15 cifras)',
  tokenRequired: 'Indique el token de Netelip para habilitar el envío de SMS',
  enabledInvalid: 'smsEnabled es requerido y debe ser true o false',
  notFound: 'Registro de SMS no encontrado',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  startInvalid: 'La fecha de inicio no es válida (AAAA-MM-DD)',
};

describe('SMS settings and log', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Nothing is sent in this file: every log row is written directly; the provider points nowhere reachable.
    app = await TestApp.start({ env: { NETELIP_BASE_URL: 'http://127.0.0.1:9/nada' } });
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const put = (body: object, token = admin) => app.request('PUT', '/api/smssettings', { token, body });

  describe('settings', () => {
    it('start disabled, with no sender and no token', async () => {
      const res = await app.request('GET', '/api/smssettings', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ smsEnabled: false, senderName: '', hasToken: false });
    });

    it('refuse to enable without a sender or a token, naming the field, and write nothing', async () => {
      const res = await put({ smsEnabled: true, senderName: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ senderName: [M.senderRequired], netelipToken: [M.tokenRequired] });
      for (const [body, field, message] of [
        [{ smsEnabled: true, senderName: 'NOMBRE LARGO12', netelipToken: 't' }, 'senderName', M.senderInvalid],
        [{ smsEnabled: false, senderName: 'Eventos ñ' }, 'senderName', M.senderInvalid],
        [{ smsEnabled: 'true', senderName: 'EVENTOS' }, 'smsEnabled', M.enabledInvalid],
        [{ senderName: 'EVENTOS' }, 'smsEnabled', M.enabledInvalid],
      ] as const) {
        const refused = await put(body);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ [field]: [message] });
      }
      expect(await app.sql(`SELECT sms_enabled, sender_name, netelip_token_sealed FROM sms_settings`)).toEqual([
        { sms_enabled: false, sender_name: '', netelip_token_sealed: null },
      ]);
    });

    it('store the token encrypted and never return it; an empty or absent token keeps the stored one', async () => {
      const token = 'netelip-token-muy-secreto-123';
      const saved = await put({ smsEnabled: true, senderName: 'EVENTOS', netelipToken: token });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ smsEnabled: true, senderName: 'EVENTOS', hasToken: true });

      const [row] = await app.sql(`SELECT netelip_token_sealed FROM sms_settings`);
      expect(row.netelip_token_sealed).toMatch(/^v1\./);
      expect(row.netelip_token_sealed).not.toContain(token);

      const read = await app.request('GET', '/api/smssettings', { token: admin });
      expect(read.body).toEqual({ smsEnabled: true, senderName: 'EVENTOS', hasToken: true });
      expect(JSON.stringify(read.body)).not.toContain(token);

      for (const body of [
        { smsEnabled: false, senderName: '600123456' },
        { smsEnabled: true, senderName: 'Mi Teatro', netelipToken: '' },
      ]) {
        const res = await put(body);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ...body, netelipToken: undefined, hasToken: true });
        expect((await app.sql(`SELECT netelip_token_sealed FROM sms_settings`))[0]).toEqual(row);
      }
    });

    it('are read with Settings.Read and changed only with Settings.Update', async () => {
      const reader = await app.staffWith(['Settings.Read']);
      expect((await app.request('GET', '/api/smssettings', { token: reader.token })).status).toBe(200);
      expect((await put({ smsEnabled: false, senderName: 'X' }, reader.token)).status).toBe(403);
      expect((await app.request('GET', '/api/smssettings/logs', { token: reader.token })).status).toBe(200);
      expect((await app.request('DELETE', '/api/smssettings/smslogs/all', { token: reader.token })).status).toBe(403);
    });
  });

  describe('log', () => {
    /** A log row as delivery leaves it, at a given instant. */
    const row = async (
      at: string,
      status: 0 | 1 | 2,
      o: { phone?: string; message?: string; sentBy?: string; parts?: number } = {},
    ) => {
      const parts = o.parts ?? 1;
      const [r] = await app.sql(
        `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost, status, error_message, sent_by, created_at, sent_at)
         VALUES ('Notification', $1, $2, $3, $4, $5::smallint, $6, $7, $8::timestamptz, CASE WHEN $5::smallint = 1 THEN $8::timestamptz END) RETURNING id::int`,
        [
          o.phone ?? '600123456',
          o.message ?? 'Mensaje',
          parts,
          status === 2 ? 0 : parts * 0.1,
          status,
          status === 2 ? 'Saldo insuficiente en la cuenta de Netelip (402)' : null,
          o.sentBy ?? 'Sistema',
          at,
        ],
      );
      return r.id as number;
    };
    let ids: Record<string, number>;

    beforeAll(async () => {
      await app.sql(`DELETE FROM sms_messages`);
      ids = {
        // Madrid is UTC+1 in January: 2026-01-31 23:30 UTC is already 1 February there.
        jan1: await row('2026-01-01T09:00:00Z', 1, { message: 'Recordatorio concierto', sentBy: 'Ana García' }),
        jan15: await row('2026-01-15T12:00:00Z', 1, { parts: 3, phone: '+34 611 22 33 44' }),
        jan20failed: await row('2026-01-20T12:00:00Z', 2, { parts: 2 }),
        jan31late: await row('2026-01-31T23:30:00Z', 1),
        feb10pending: await row('2026-02-10T12:00:00Z', 0),
      };
    });

    it('lists newest first with the spec fields, status as text and cost in euros', async () => {
      const res = await app.request('GET', '/api/smssettings/logs', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalCount: 5, totalPages: 1, page: 1, pageSize: 50 });
      expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([
        ids.feb10pending,
        ids.jan31late,
        ids.jan20failed,
        ids.jan15,
        ids.jan1,
      ]);
      expect(res.body.data[2]).toEqual({
        id: ids.jan20failed,
        createdAt: '2026-01-20T12:00:00.000Z',
        phoneNumber: '600123456',
        message: 'Mensaje',
        status: 'Failed',
        cost: 0,
        parts: 2,
        sentBy: 'Sistema',
        errorMessage: 'Saldo insuficiente en la cuenta de Netelip (402)',
        providerId: null,
        sentAt: null,
      });
      expect(res.body.data.map((e: { status: string; cost: number }) => [e.status, e.cost])).toEqual([
        ['Pending', 0.1],
        ['Sent', 0.1],
        ['Failed', 0],
        ['Sent', 0.3],
        ['Sent', 0.1],
      ]);
    });

    it('pages by 50 unless told, and searches phone, message or sender', async () => {
      const page2 = await app.request('GET', '/api/smssettings/logs?page=2&pageSize=2', { token: admin });
      expect(page2.body.data.map((e: { id: number }) => e.id)).toEqual([ids.jan20failed, ids.jan15]);
      expect(page2.body).toMatchObject({ totalCount: 5, totalPages: 3, page: 2, pageSize: 2 });
      const search = async (q: string) =>
        (
          await app.request('GET', `/api/smssettings/logs?search=${encodeURIComponent(q)}`, { token: admin })
        ).body.data.map((e: { id: number }) => e.id);
      expect(await search('611 22')).toEqual([ids.jan15]);
      expect(await search('CONCIERTO')).toEqual([ids.jan1]);
      expect(await search('ana garc')).toEqual([ids.jan1]);
      expect((await app.request('GET', '/api/smssettings/logs?pageSize=0', { token: admin })).status).toBe(400);
    });

    it('totals the estimated cost of the SMS sent in a date range, days in Europe/Madrid, both ends included', async () => {
      const total = async (query: string) =>
        app.request('GET', `/api/smssettings/logs/total-cost${query}`, { token: admin });
      expect((await total('')).body).toEqual({ totalCost: 0.5 });
      expect((await total('?startDate=2026-01-01&endDate=2026-01-31')).body).toEqual({ totalCost: 0.4 });
      expect((await total('?startDate=2026-02-01&endDate=2026-02-28')).body).toEqual({ totalCost: 0.1 });
      expect((await total('?startDate=2026-01-15&endDate=2026-01-15')).body).toEqual({ totalCost: 0.3 });
      expect((await total('?startDate=2026-01-02')).body).toEqual({ totalCost: 0.4 });
      expect((await total('?endDate=2026-01-14')).body).toEqual({ totalCost: 0.1 });
      expect((await total('?startDate=2026-01-15T13:00:00%2B01:00&endDate=2026-01-31T23:30:00Z')).body).toEqual({
        totalCost: 0.4,
      });

      const backwards = await total('?startDate=2026-02-01&endDate=2026-01-01');
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual({ endDate: [M.endBeforeStart] });
      const bad = await total('?startDate=ayer');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ startDate: [M.startInvalid] });
    });

    it('deletes one entry, then all of them (Settings.Delete)', async () => {
      expect((await app.request('DELETE', `/api/smssettings/smslogs/${ids.jan1}`, { token: admin })).status).toBe(204);
      const again = await app.request('DELETE', `/api/smssettings/smslogs/${ids.jan1}`, { token: admin });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(M.notFound);
      expect((await app.request('GET', '/api/smssettings/logs', { token: admin })).body.totalCount).toBe(4);

      const all = await app.request('DELETE', '/api/smssettings/smslogs/all', { token: admin });
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ deletedCount: 4 });
      expect((await app.request('GET', '/api/smssettings/logs', { token: admin })).body).toMatchObject({
        data: [],
        totalCount: 0,
        totalPages: 0,
      });
    });
  });
});
