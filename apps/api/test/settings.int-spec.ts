import { TestApp } from '@evreg/testing';

const HOLD = 'TicketHoldDurationMinutes';

describe('Settings (/api/settings)', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const putHold = (value: unknown, key: string = HOLD, token = admin) =>
    app.request('PUT', `/api/settings/${HOLD}`, { token, body: { data: { key, value } } });

  async function stored(key: string): Promise<string> {
    const [row] = await app.sql(`SELECT value FROM settings WHERE key = $1`, [key]);
    return row.value;
  }

  it('lists the settings with their defaults: hold duration 3 minutes and the waiting-list limits', async () => {
    const res = await app.request('GET', '/api/settings', { token: admin });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.map((s: { key: string }) => [s.key, s]));
    expect(Object.keys(byKey).sort()).toEqual([
      'DefaultMaxQueueSpots',
      'GlobalMaxQueueSpots',
      'ReminderHoursBeforeSession',
      HOLD,
    ]);
    expect(byKey[HOLD]).toEqual({
      key: HOLD,
      value: '3',
      description: expect.any(String),
      updatedAt: expect.any(String),
    });
    for (const setting of res.body) {
      expect(typeof setting.value).toBe('string');
      expect(Number.isNaN(Date.parse(setting.updatedAt))).toBe(false);
    }
    // docs/product.md §9: the waiting-list default limit shown is 10.
    expect(byKey.DefaultMaxQueueSpots.value).toBe('10');
    expect(Number(byKey.DefaultMaxQueueSpots.value)).toBeLessThanOrEqual(Number(byKey.GlobalMaxQueueSpots.value));
  });

  describe('the ticket hold duration (GET/PUT /api/settings/TicketHoldDurationMinutes)', () => {
    it('reads the setting by key', async () => {
      const res = await app.request('GET', `/api/settings/${HOLD}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ key: HOLD, value: await stored(HOLD) });
    });

    it('accepts whole minutes from 1 to 60', async () => {
      for (const value of ['1', '60', ' 15 ']) {
        const res = await putHold(value);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ key: HOLD, value: value.trim() });
        expect(await stored(HOLD)).toBe(value.trim());
        expect((await app.request('GET', `/api/settings/${HOLD}`, { token: admin })).body.value).toBe(value.trim());
      }
    });

    it('accepts the value as a JSON number too, stored as text', async () => {
      const res = await app.request('PUT', `/api/settings/${HOLD}`, {
        token: admin,
        body: { data: { key: HOLD, value: 12 } },
      });
      expect(res.status).toBe(200);
      expect(res.body.value).toBe('12');
      expect(await stored(HOLD)).toBe('12');
    });

    it('refuses values outside 1-60 or not a whole number with the spec messages, keeping the old value', async () => {
      expect((await putHold('7')).status).toBe(200);
      const cases: [string, string][] = [
        ['0', 'Debe ser al menos 1 minuto'],
        ['-5', 'Debe ser al menos 1 minuto'],
        ['61', 'No puede exceder 60 minutos'],
        ['1000', 'No puede exceder 60 minutos'],
        ['abc', 'Debe ser un número válido'],
        ['', 'Debe ser un número válido'],
        ['2.5', 'Debe ser un número válido'],
        ['5 minutos', 'Debe ser un número válido'],
      ];
      for (const [value, message] of cases) {
        const res = await putHold(value);
        expect({ value, status: res.status, body: res.body }).toEqual({
          value,
          status: 400,
          body: { statusCode: 400, code: 'VALIDATION_FAILED', message, errors: { 'data.value': [message] } },
        });
      }
      expect(await stored(HOLD)).toBe('7');
    });

    it('refuses a body whose key differs from the path, or without data', async () => {
      const mismatch = await putHold('11', 'DefaultMaxQueueSpots');
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors).toEqual({ 'data.key': ['La clave del cuerpo no coincide con la de la ruta'] });

      const flat = await app.request('PUT', `/api/settings/${HOLD}`, {
        token: admin,
        body: { key: HOLD, value: '11' },
      });
      expect(flat.status).toBe(400);
      expect(flat.body.errors).toHaveProperty('data');
      expect(await stored(HOLD)).not.toBe('11');
      expect(await stored('DefaultMaxQueueSpots')).not.toBe('11');
    });

    it('answers 404 for an unknown key and creates nothing', async () => {
      const before = await app.sql(`SELECT count(*)::int AS n FROM settings`);
      const get = await app.request('GET', '/api/settings/NoExiste', { token: admin });
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Configuración no encontrada' });
      const put = await app.request('PUT', '/api/settings/NoExiste', {
        token: admin,
        body: { data: { key: 'NoExiste', value: '1' } },
      });
      expect(put.status).toBe(404);
      expect(await app.sql(`SELECT count(*)::int AS n FROM settings`)).toEqual(before);
    });
  });

  describe('waiting-list limits (GET/PUT /api/settings/queue-settings)', () => {
    it('reads and saves defaultMaxQueueSpots and globalMaxQueueSpots', async () => {
      const current = await app.request('GET', '/api/settings/queue-settings', { token: admin });
      expect(current.status).toBe(200);
      expect(current.body).toEqual({
        defaultMaxQueueSpots: Number(await stored('DefaultMaxQueueSpots')),
        globalMaxQueueSpots: Number(await stored('GlobalMaxQueueSpots')),
      });

      const saved = await app.request('PUT', '/api/settings/queue-settings', {
        token: admin,
        body: { defaultMaxQueueSpots: 15, globalMaxQueueSpots: 40 },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ defaultMaxQueueSpots: 15, globalMaxQueueSpots: 40 });
      expect((await app.request('GET', '/api/settings/queue-settings', { token: admin })).body).toEqual(saved.body);
      // The same values appear in the settings list.
      const list = (await app.request('GET', '/api/settings', { token: admin })).body;
      expect(list.find((s: { key: string }) => s.key === 'DefaultMaxQueueSpots').value).toBe('15');
      expect(list.find((s: { key: string }) => s.key === 'GlobalMaxQueueSpots').value).toBe('40');

      const equal = await app.request('PUT', '/api/settings/queue-settings', {
        token: admin,
        body: { defaultMaxQueueSpots: 0, globalMaxQueueSpots: 0 },
      });
      expect(equal.status).toBe(200);
      expect(equal.body).toEqual({ defaultMaxQueueSpots: 0, globalMaxQueueSpots: 0 });
    });

    it('refuses negative, fractional or missing limits and a default above the global limit, saving nothing', async () => {
      await app.request('PUT', '/api/settings/queue-settings', {
        token: admin,
        body: { defaultMaxQueueSpots: 10, globalMaxQueueSpots: 100 },
      });
      const bad: [Record<string, unknown>, string][] = [
        [{ defaultMaxQueueSpots: -1, globalMaxQueueSpots: 100 }, 'defaultMaxQueueSpots'],
        [{ defaultMaxQueueSpots: 5, globalMaxQueueSpots: -3 }, 'globalMaxQueueSpots'],
        [{ defaultMaxQueueSpots: 2.5, globalMaxQueueSpots: 100 }, 'defaultMaxQueueSpots'],
        [{ defaultMaxQueueSpots: '5', globalMaxQueueSpots: 100 }, 'defaultMaxQueueSpots'],
        [{ globalMaxQueueSpots: 100 }, 'defaultMaxQueueSpots'],
      ];
      for (const [body, field] of bad) {
        const res = await app.request('PUT', '/api/settings/queue-settings', { token: admin, body });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors)).toEqual([field]);
      }

      const above = await app.request('PUT', '/api/settings/queue-settings', {
        token: admin,
        body: { defaultMaxQueueSpots: 50, globalMaxQueueSpots: 20 },
      });
      expect(above.status).toBe(400);
      expect(above.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'El límite por defecto no puede superar el límite global',
        errors: { defaultMaxQueueSpots: ['El límite por defecto no puede superar el límite global'] },
      });
      expect((await app.request('GET', '/api/settings/queue-settings', { token: admin })).body).toEqual({
        defaultMaxQueueSpots: 10,
        globalMaxQueueSpots: 100,
      });
    });

    it('keeps the same rules when a limit is set through its key', async () => {
      await app.request('PUT', '/api/settings/queue-settings', {
        token: admin,
        body: { defaultMaxQueueSpots: 10, globalMaxQueueSpots: 100 },
      });
      const put = (key: string, value: string) =>
        app.request('PUT', `/api/settings/${key}`, { token: admin, body: { data: { key, value } } });

      const ok = await put('DefaultMaxQueueSpots', '12');
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ key: 'DefaultMaxQueueSpots', value: '12' });

      const negative = await put('GlobalMaxQueueSpots', '-1');
      expect(negative.status).toBe(400);
      expect(Object.keys(negative.body.errors)).toEqual(['data.value']);

      const above = await put('DefaultMaxQueueSpots', '500');
      expect(above.status).toBe(400);
      expect(above.body.errors).toEqual({ 'data.value': ['El límite por defecto no puede superar el límite global'] });
      const below = await put('GlobalMaxQueueSpots', '5');
      expect(below.status).toBe(400);
      expect(below.body.errors).toEqual({ 'data.value': ['El límite por defecto no puede superar el límite global'] });

      expect((await app.request('GET', '/api/settings/queue-settings', { token: admin })).body).toEqual({
        defaultMaxQueueSpots: 12,
        globalMaxQueueSpots: 100,
      });
    });
  });

  describe('permissions', () => {
    it('Settings.Read reads but cannot change; Settings.Update changes but cannot read', async () => {
      await putHold('3');
      const reader = await app.staffWith(['Settings.Read']);
      expect((await app.request('GET', '/api/settings', { token: reader.token })).status).toBe(200);
      expect((await app.request('GET', `/api/settings/${HOLD}`, { token: reader.token })).status).toBe(200);
      expect((await app.request('GET', '/api/settings/queue-settings', { token: reader.token })).status).toBe(200);
      const refused = await putHold('9', HOLD, reader.token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      const refusedWaitingSettings = await app.request('PUT', '/api/settings/queue-settings', {
        token: reader.token,
        body: { defaultMaxQueueSpots: 1, globalMaxQueueSpots: 2 },
      });
      expect(refusedWaitingSettings.status).toBe(403);
      expect(await stored(HOLD)).toBe('3');
      expect(await stored('DefaultMaxQueueSpots')).not.toBe('1');

      const updater = await app.staffWith(['Settings.Update']);
      expect((await app.request('GET', '/api/settings', { token: updater.token })).status).toBe(403);
      expect((await app.request('GET', `/api/settings/${HOLD}`, { token: updater.token })).status).toBe(403);
      expect((await app.request('GET', '/api/settings/queue-settings', { token: updater.token })).status).toBe(403);
      expect((await putHold('9', HOLD, updater.token)).status).toBe(200);
      expect(await stored(HOLD)).toBe('9');

      expect((await app.request('GET', '/api/settings')).status).toBe(401);
    });
  });
});
