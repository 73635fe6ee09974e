import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@evreg/contracts';
import { attendee, createSession, dni, eventually, ReceivedWebhook, TestApp, WebhookReceiver } from '@evreg/testing';
import type { AppConfig } from '../src/config/app-config';
import { APP_CONFIG } from '../src/config/config.module';
import { cancellationToken } from '../src/modules/registrations/cancel-token';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { WebhookDeliveryService } from '../src/modules/webhooks/webhook-delivery.service';
import { verifyWebhookSignature } from '../src/modules/webhooks/webhook-signing';

/** Signed webhooks (docs/domain.md, "Webhooks"): configuration, what fires when, the signed body, retries. */
describe('Webhooks', () => {
  let app: TestApp;
  let admin: string;
  let receiver: WebhookReceiver;
  let path = 0;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await TestApp.start({
      env: {
        WEBHOOK_RETRY_BASE_MS: '200',
        WEBHOOK_RETRY_MAX_MS: '400',
        WEBHOOK_TIMEOUT_MS: '700',
        WEBHOOK_SWEEP_INTERVAL_MS: '500',
        // The receiver is on this machine: a destination allowed only by this list (webhooks-destinations.int-spec.ts).
        WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1',
      },
    });
    admin = await app.adminToken();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.stop();
  });

  /** A fresh receiver path and an active webhook there (others deleted, so each test hears only its own). */
  async function hook(events: readonly string[] = WEBHOOK_EVENT_TYPES) {
    await app.sql(`DELETE FROM webhooks`);
    const p = `/hook-${++path}`;
    const res = await app.request('POST', '/api/webhooks', {
      token: admin,
      body: { url: receiver.url(p), events, isActive: true },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, secret: res.body.secret as string, path: p };
  }

  const register = (sessionId: number, n: number) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
    });

  const deliveries = (webhookId: number) =>
    app.sql(`SELECT * FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id`, [webhookId]);

  /** Waits until nothing of the webhook is pending, then a little more (a repeat would show). */
  async function settled(webhookId: number) {
    await eventually(async () => (await deliveries(webhookId)).every((d) => d.status !== 0), 15_000, 'delivered');
    await new Promise((r) => setTimeout(r, 300));
  }

  const types = (received: ReceivedWebhook[]) => received.map((r) => r.body.type).sort();

  describe('configuration', () => {
    it('creates a webhook answering its secret once, stores it sealed, and lists, reads, edits and deletes it', async () => {
      const created = await app.request('POST', '/api/webhooks', {
        token: admin,
        body: { url: 'https://integrador.example.com/hook', events: ['session.full', 'registration.created'] },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        url: 'https://integrador.example.com/hook',
        events: ['registration.created', 'session.full'],
        isActive: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        secret: expect.stringMatching(/^whsec_/),
      });
      const { id, secret } = created.body;
      const [row] = await app.sql(`SELECT secret_sealed FROM webhooks WHERE id = $1`, [id]);
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(row.secret_sealed).not.toContain(secret.slice(6));

      const list = await app.request('GET', '/api/webhooks', { token: admin });
      expect(list.status).toBe(200);
      const listed = list.body.find((w: { id: number }) => w.id === id);
      expect(listed).toBeDefined();
      expect(listed).not.toHaveProperty('secret');
      const one = await app.request('GET', `/api/webhooks/${id}`, { token: admin });
      expect(one.status).toBe(200);
      expect(JSON.stringify(one.body)).not.toContain(secret);

      const edited = await app.request('PUT', `/api/webhooks/${id}`, {
        token: admin,
        body: { url: 'http://otro.example.com:8080/x', events: ['registration.cancelled'] },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ url: 'http://otro.example.com:8080/x', events: ['registration.cancelled'] });
      expect(edited.body.isActive).toBe(true);
      expect(edited.body).not.toHaveProperty('secret');
      const off = await app.request('PUT', `/api/webhooks/${id}`, {
        token: admin,
        body: { url: 'http://otro.example.com:8080/x', events: ['registration.cancelled'], isActive: false },
      });
      expect(off.body.isActive).toBe(false);

      expect((await app.request('DELETE', `/api/webhooks/${id}`, { token: admin })).status).toBe(200);
      expect((await app.request('GET', `/api/webhooks/${id}`, { token: admin })).status).toBe(404);
      expect((await app.request('DELETE', `/api/webhooks/${id}`, { token: admin })).status).toBe(404);
      expect((await app.request('PUT', `/api/webhooks/${id}`, { token: admin, body: off.body })).status).toBe(400);
    });

    it('refuses a URL that is not http(s) and events that are empty or unknown, naming the field in Spanish', async () => {
      for (const url of ['ftp://example.com/x', 'example.com/hook', 'javascript:alert(1)', 'http://', '', 42]) {
        const res = await app.request('POST', '/api/webhooks', {
          token: admin,
          body: { url, events: ['session.full'] },
        });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors)).toEqual(['url']);
        expect(res.body.errors.url[0]).toMatch(/URL/);
      }
      for (const events of [[], ['registration.created', 'otra.cosa'], 'session.full', undefined, ['webhook.test']]) {
        const res = await app.request('POST', '/api/webhooks', {
          token: admin,
          body: { url: 'https://example.com/hook', events },
        });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors)).toEqual(['events']);
      }
      const extra = await app.request('POST', '/api/webhooks', {
        token: admin,
        body: { url: 'https://example.com/hook', events: ['session.full'], secret: 'mío' },
      });
      expect(extra.status).toBe(400);
      expect(await app.sql(`SELECT 1 FROM webhooks WHERE url = 'https://example.com/hook'`)).toEqual([]);
    });

    it('needs Settings.Read to read and Settings.Update to change', async () => {
      const reader = (await app.staffWith(['Settings.Read'])).token;
      expect((await app.request('GET', '/api/webhooks', { token: reader })).status).toBe(200);
      const refused = await app.request('POST', '/api/webhooks', {
        token: reader,
        body: { url: 'https://example.com/x', events: ['session.full'] },
      });
      expect(refused.status).toBe(403);
    });
  });

  describe('events', () => {
    it('fires each event type once with the documented, signed body, and never the tax ID or phone', async () => {
      const { id, secret, path: p } = await hook();
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 1 });
      const first = await register(sessionId, 9101);
      expect((await register(sessionId, 9102)).status).toBe(201); // the last seat: session.full
      const third = await register(sessionId, 9103); // the last waiting place: session.waitinglist.full
      expect(third.body.queued).toBe(true);
      const config = app.running.app.get<symbol, AppConfig>(APP_CONFIG);
      const cancelled = await app.request(
        'POST',
        `/api/registrations/cancellation/${cancellationToken(config.appSecret, first.body.id)}`,
      );
      expect(cancelled.status).toBe(200); // cancelled, and 9103 promoted into the seat
      await settled(id);

      const got = receiver.at(p);
      expect(types(got)).toEqual(
        [
          'registration.created',
          'registration.created',
          'session.full',
          'registration.queued',
          'session.waitinglist.full',
          'registration.cancelled',
          'registration.promoted',
        ].sort(),
      );
      for (const r of got) {
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['user-agent']).toMatch(/^evreg-webhooks\//);
        expect(r.headers['x-webhook-id']).toBe(r.body.id);
        expect(verifyWebhookSignature(secret, r.raw, r.headers['x-webhook-signature'] as string)).toBe(true);
        expect(verifyWebhookSignature(secret, `${r.raw} `, r.headers['x-webhook-signature'] as string)).toBe(false);
        // Standard Webhooks, as its own library checks it: the same id, and the raw body as received.
        expect(r.headers['webhook-id']).toBe(r.body.id);
        expect(new Webhook(secret).verify(r.raw, r.headers as Record<string, string>)).toEqual(r.body);
        expect(() => new Webhook(secret).verify(`${r.raw} `, r.headers as Record<string, string>)).toThrow(
          WebhookVerificationError,
        );
        expect(Object.keys(r.body).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
        expect(r.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(r.raw).not.toContain(dni(9101).slice(0, 8));
        expect(r.raw).not.toContain('600123456');
        expect(r.raw).not.toMatch(/taxId|telephone|phone/i);
        expect(r.body.data.event).toEqual({ id: eventId, title: `Evento ${eventId}` });
        expect(r.body.data.session).toMatchObject({ id: sessionId, maxAttendees: 2, maxQueueSpots: 1 });
      }
      expect(new Set(got.map((r) => r.body.id)).size).toBe(got.length);
      const byType = (type: string) => got.filter((r) => r.body.type === type).map((r) => r.body.data);
      expect(
        byType('registration.created')
          .map((d) => d.registration.email)
          .sort(),
      ).toEqual(['persona9101@example.com', 'persona9102@example.com']);
      expect(byType('registration.created')[0].registration).toEqual({
        id: expect.any(Number),
        firstName: expect.stringMatching(/^Nombre910[12]$/),
        lastName: expect.stringMatching(/^Apellido 910[12]$/),
        email: expect.stringMatching(/^persona910[12]@example.com$/),
        queuePosition: null,
        state: 'active',
        sequence: 1,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(byType('registration.queued')[0].registration).toMatchObject({
        id: third.body.id,
        email: 'persona9103@example.com',
        queuePosition: 1,
      });
      expect(byType('registration.cancelled')[0].registration).toMatchObject({ id: first.body.id });
      expect(byType('registration.promoted')[0].registration).toMatchObject({ id: third.body.id, queuePosition: null });
      expect(byType('session.full')[0]).toEqual({
        event: { id: eventId, title: `Evento ${eventId}` },
        session: expect.objectContaining({ id: sessionId, onlineRegistered: 2, queueCount: 0 }),
      });
      expect(byType('session.waitinglist.full')[0].session).toMatchObject({ queueCount: 1 });
      // The stored payloads carry no tax ID either.
      const stored = await deliveries(id);
      expect(JSON.stringify(stored)).not.toContain(dni(9102).slice(0, 8));
      expect(stored.every((d) => d.status === 1 && d.attempts === 1 && d.delivered_at)).toBe(true);
    });

    it('staff registration, staff cancellation and staff deletion fire their events; subscriptions filter', async () => {
      const { id, path: p } = await hook(['registration.created', 'registration.queued', 'registration.cancelled']);
      const { sessionId } = await createSession(app, { maxAttendees: 3, reservedSpots: 1, maxQueueSpots: 3 });
      const manual = (n: number, forceQueue = false) =>
        app.request(
          'POST',
          `/api/events/sessions/${sessionId}/admin-registrations${forceQueue ? '?forceQueue=true' : ''}`,
          { token: admin, body: { eventSessionId: sessionId, formData: attendee(n) } },
        );
      const reserved = await manual(9201);
      expect(reserved.status).toBe(200);
      const queued = await manual(9202, true);
      expect(queued.body.queued).toBe(true);
      const online = await register(sessionId, 9203);
      // Before the cancellation below, which would promote the entry.
      expect((await app.request('DELETE', `/api/events/queue/${queued.body.id}`, { token: admin })).status).toBe(200);
      expect((await app.request('POST', `/api/registrations/${online.body.id}/cancel`, { token: admin })).status).toBe(
        200,
      );
      expect(
        (await app.request('DELETE', `/api/events/registrations/${reserved.body.id}`, { token: admin })).status,
      ).toBe(204);
      await settled(id);
      const got = receiver.at(p);
      expect(got.map((r) => `${r.body.type} ${r.body.data.registration.id}`).sort()).toEqual(
        [
          `registration.created ${reserved.body.id}`,
          `registration.queued ${queued.body.id}`,
          `registration.created ${online.body.id}`,
          `registration.cancelled ${online.body.id}`,
          `registration.cancelled ${reserved.body.id}`,
          `registration.cancelled ${queued.body.id}`,
        ].sort(),
      );
    });

    it('a registration seated on the slow path, then queued: queued replaces created', async () => {
      const { id, path: p } = await hook(['registration.created', 'registration.queued', 'session.full']);
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 5 });
      expect((await register(sessionId, 9301)).status).toBe(201);
      // Two attendees, no seat: both inserted as created in the one statement, then queued by the slow path.
      const two = await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
        body: { registrations: [attendee(9302), attendee(9303)].map((a) => ({ eventSessionId: sessionId, ...a })) },
      });
      expect(two.status).toBe(201);
      await settled(id);
      expect(types(receiver.at(p))).toEqual(
        ['registration.created', 'session.full', 'registration.queued', 'registration.queued'].sort(),
      );
    });

    it('nothing is recorded for a disabled webhook, and a refused booking records nothing', async () => {
      const { id } = await hook();
      await app.request('PUT', `/api/webhooks/${id}`, {
        token: admin,
        body: { url: receiver.url('/off'), events: [...WEBHOOK_EVENT_TYPES], isActive: false },
      });
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 0 });
      expect((await register(sessionId, 9401)).status).toBe(201);
      expect((await register(sessionId, 9402)).status).toBe(409);
      expect(await deliveries(id)).toEqual([]);

      const on = await hook();
      expect((await register(sessionId, 9402)).status).toBe(409);
      expect(await deliveries(on.id)).toEqual([]);
    });
  });

  describe('delivery', () => {
    it('retries a receiver failing twice with the same X-Webhook-Id, then records it delivered', async () => {
      const { id, secret, path: p } = await hook(['registration.created']);
      receiver.on(p, (n) => (n === 0 ? { status: 500, body: 'x'.repeat(5_000) } : n === 1 ? { fail: 'destroy' } : {}));
      const { sessionId } = await createSession(app);
      expect((await register(sessionId, 9501)).status).toBe(201);
      await eventually(async () => (await deliveries(id))[0]?.attempts >= 1 && receiver.at(p).length >= 1);
      await eventually(async () => {
        const [d] = await deliveries(id);
        return d.attempts === 1 && d.status === 0 && d.last_status_code === 500 ? d : null;
      }).then((d) => expect(d.last_error).toBe('El receptor respondió 500'));
      await settled(id);
      const tries = receiver.at(p);
      expect(tries).toHaveLength(3);
      expect(new Set(tries.map((t) => t.headers['x-webhook-id'])).size).toBe(1);
      expect(new Set(tries.map((t) => t.headers['webhook-id'])).size).toBe(1);
      expect(new Set(tries.map((t) => t.raw)).size).toBe(1);
      // Each try is signed at its own time, so a late retry still verifies; a captured try replayed more than
      // five minutes later does not.
      const last = tries[2].headers as Record<string, string>;
      expect(Math.abs(Number(last['webhook-timestamp']) - tries[2].at / 1000)).toBeLessThanOrEqual(1);
      const verifier = new Webhook(secret);
      expect(verifier.verify(tries[2].raw, last)).toEqual(tries[2].body);
      const now = jest.spyOn(Date, 'now').mockReturnValue(tries[2].at + 6 * 60_000);
      try {
        expect(() => verifier.verify(tries[2].raw, last)).toThrow('Message timestamp too old');
      } finally {
        now.mockRestore();
      }
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(150);
      const [d] = await deliveries(id);
      expect(d).toMatchObject({ status: 1, attempts: 3, last_status_code: 200, last_error: null });
    });

    it('a slow receiver times out, a redirect is not followed, and after the retry window the delivery fails', async () => {
      const { id, path: p } = await hook(['registration.created']);
      receiver.on(p, (n) =>
        n === 0
          ? { delayMs: 2_000 }
          : n === 1
            ? { status: 302, headers: { location: receiver.url('/elsewhere') } }
            : { status: 503 },
      );
      // A short retry window for this one: the delivery is already 72 h old.
      const { sessionId } = await createSession(app);
      expect((await register(sessionId, 9601)).status).toBe(201);
      await eventually(
        async () => (await deliveries(id))[0]?.last_error === 'Tiempo de espera agotado: sin respuesta en 700 ms',
        10_000,
      );
      await eventually(async () => (await deliveries(id))[0]?.last_status_code === 302, 10_000);
      const [d] = await deliveries(id);
      expect(d.last_error).toBe('El receptor respondió 302: redirección no seguida');
      expect(receiver.at('/elsewhere')).toHaveLength(0);
      await app.sql(`UPDATE webhook_deliveries SET created_at = now() - interval '73 hours' WHERE id = $1`, [d.id]);
      await eventually(async () => (await deliveries(id))[0]?.status === 2, 10_000);
      const [failed] = await deliveries(id);
      expect(failed).toMatchObject({ status: 2, last_status_code: 503, last_error: 'El receptor respondió 503' });
    });

    it("'Probar' sends a webhook.test delivery, also for a disabled webhook", async () => {
      const { id, secret, path: p } = await hook(['session.full']);
      await app.request('PUT', `/api/webhooks/${id}`, {
        token: admin,
        body: { url: receiver.url(p), events: ['session.full'], isActive: false },
      });
      const res = await app.request('POST', `/api/webhooks/${id}/test`, { token: admin });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ eventType: 'webhook.test', status: 'Pending', attempts: 0 });
      await eventually(() => receiver.at(p).length === 1);
      const [r] = receiver.at(p);
      expect(r.body).toMatchObject({ id: res.body.eventId, type: 'webhook.test' });
      expect(verifyWebhookSignature(secret, r.raw, r.headers['x-webhook-signature'] as string)).toBe(true);
      await settled(id);
      const list = await app.request('GET', `/api/webhooks/${id}/deliveries`, { token: admin });
      expect(list.body.data[0]).toMatchObject({
        id: res.body.id,
        eventId: res.body.eventId,
        eventType: 'webhook.test',
        status: 'Delivered',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        deliveredAt: expect.any(String),
        nextAttemptAt: null,
      });
      expect((await app.request('POST', `/api/webhooks/999999/test`, { token: admin })).status).toBe(404);
    });

    it('lists deliveries newest first, paged', async () => {
      const { id } = await hook(['session.full']);
      for (let i = 0; i < 5; i++) await app.request('POST', `/api/webhooks/${id}/test`, { token: admin });
      const page = (q: string) => app.request('GET', `/api/webhooks/${id}/deliveries${q}`, { token: admin });
      const first = await page('?pageSize=2');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        totalCount: 5,
        totalPages: 3,
        page: 1,
        pageSize: 2,
        hasPreviousPage: false,
        hasNextPage: true,
      });
      const last = await page('?pageSize=2&page=3');
      expect(last.body.data).toHaveLength(1);
      expect(last.body).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
      const all = (await page('')).body.data.map((d: { id: number }) => d.id);
      expect(all).toEqual([...all].sort((x, y) => y - x));
      expect((await page('?pageSize=101')).status).toBe(400);
      expect((await page('?page=0')).body.errors).toHaveProperty('page');
      expect((await app.request('GET', `/api/webhooks/999999/deliveries`, { token: admin })).status).toBe(404);
    });

    it('keeps every try of a delivery after it is delivered: time, HTTP status and our Spanish reason', async () => {
      const { id, path: p } = await hook(['session.full']);
      receiver.on(p, (n) => (n === 0 ? { status: 503 } : {}));
      const sent = await app.request('POST', `/api/webhooks/${id}/test`, { token: admin });
      await settled(id);
      const [d] = (await app.request('GET', `/api/webhooks/${id}/deliveries`, { token: admin })).body.data;
      expect(d).toMatchObject({ id: sent.body.id, status: 'Delivered', attempts: 2, lastError: null });
      expect(d.history).toEqual([
        {
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          statusCode: 503,
          error: 'El receptor respondió 503',
        },
        { at: expect.any(String), statusCode: 200, error: null },
      ]);
      const tries = receiver.at(p);
      expect(Date.parse(d.history[0].at)).toBeLessThanOrEqual(Date.parse(d.history[1].at));
      expect(Math.abs(Date.parse(d.history[1].at) - tries[1].at)).toBeLessThan(2_000);
    });

    it('redelivers a delivery on request: the same event again, at once, its earlier tries kept', async () => {
      const { id, secret, path: p } = await hook(['registration.created']);
      const { sessionId } = await createSession(app);
      expect((await register(sessionId, 9601)).status).toBe(201);
      await settled(id);
      const [delivered] = (await app.request('GET', `/api/webhooks/${id}/deliveries`, { token: admin })).body.data;
      expect(delivered).toMatchObject({ status: 'Delivered', redeliveredAt: null });

      const res = await app.request('POST', `/api/webhooks/${id}/deliveries/${delivered.id}/redeliver`, {
        token: admin,
      });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        id: delivered.id,
        eventId: delivered.eventId,
        status: 'Pending',
        attempts: 0,
        deliveredAt: null,
        redeliveredAt: expect.any(String),
        history: delivered.history,
      });
      await eventually(() => receiver.at(p).length === 2);
      const [first, again] = receiver.at(p);
      expect(again.raw).toBe(first.raw);
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(new Webhook(secret).verify(again.raw, again.headers as Record<string, string>)).toEqual(first.body);
      await settled(id);
      const [after] = (await app.request('GET', `/api/webhooks/${id}/deliveries`, { token: admin })).body.data;
      expect(after).toMatchObject({ status: 'Delivered', attempts: 1, lastStatusCode: 200 });
      expect(after.history).toHaveLength(2);

      // Only a delivery of that webhook, by an integer id, by someone who may change webhooks.
      const other = await app.request('POST', '/api/webhooks', {
        token: admin,
        body: { url: 'https://otro.example.com/x', events: ['session.full'] },
      });
      const path = (w: number, d: number | string) => `/api/webhooks/${w}/deliveries/${d}/redeliver`;
      const notFound = await app.request('POST', path(other.body.id, delivered.id), { token: admin });
      expect(notFound.status).toBe(404);
      expect(notFound.body.message).toBe('Envío no encontrado');
      expect((await app.request('POST', path(id, 999999), { token: admin })).status).toBe(404);
      expect((await app.request('POST', path(999999, delivered.id), { token: admin })).body.message).toBe(
        'Webhook no encontrado',
      );
      expect((await app.request('POST', path(id, 'uno'), { token: admin })).status).toBe(400);
      // One being sent right now (claimed by a sender) is left to that try.
      await app.sql(`UPDATE webhook_deliveries SET claimed_until = now() + interval '1 minute' WHERE id = $1`, [
        delivered.id,
      ]);
      const inFlight = await app.request('POST', path(id, delivered.id), { token: admin });
      expect(inFlight.status).toBe(409);
      expect(inFlight.body.message).toBe('El envío se está enviando ahora mismo: inténtalo de nuevo en unos segundos');
      expect((await deliveries(id))[0]).toMatchObject({ status: 1, attempts: 1 });
      const reader = (await app.staffWith(['Settings.Read'])).token;
      expect((await app.request('POST', path(id, delivered.id), { token: reader })).status).toBe(403);
      expect(receiver.at(p)).toHaveLength(2);
    });

    it("'Reenviar' once per click: the same requestKey twice (at once, or after it was sent) sends one more, a new key another", async () => {
      const { id, secret, path: p } = await hook(['registration.created']);
      const { sessionId } = await createSession(app);
      expect((await register(sessionId, 9701)).status).toBe(201);
      await settled(id);
      const [delivered] = (await app.request('GET', `/api/webhooks/${id}/deliveries`, { token: admin })).body.data;
      const redeliver = (requestKey: unknown) =>
        app.request('POST', `/api/webhooks/${id}/deliveries/${delivered.id}/redeliver`, {
          token: admin,
          body: { requestKey },
        });

      // A double click: both requests at once, one key.
      const click = randomUUID();
      const both = await Promise.all([redeliver(click), redeliver(click)]);
      expect(both.map((r) => r.status)).toEqual([202, 202]);
      expect(both.map((r) => r.body.id)).toEqual([delivered.id, delivered.id]);
      await eventually(() => receiver.at(p).length === 2);
      await settled(id);
      // The same click again once it was sent: answered as it is, nothing more sent.
      const late = await redeliver(click);
      expect(late.status).toBe(202);
      expect(late.body).toMatchObject({ id: delivered.id, status: 'Delivered', attempts: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(receiver.at(p)).toHaveLength(2);

      // Another click sends it again, signed the same way, recorded in the deliveries' history.
      expect((await redeliver(randomUUID())).status).toBe(202);
      await eventually(() => receiver.at(p).length === 3);
      await settled(id);
      const [first, , third] = receiver.at(p);
      expect(third.raw).toBe(first.raw);
      expect(new Webhook(secret).verify(third.raw, third.headers as Record<string, string>)).toEqual(first.body);
      const [after] = (await app.request('GET', `/api/webhooks/${id}/deliveries`, { token: admin })).body.data;
      expect(after.history).toHaveLength(3);

      const bad = await redeliver('uno');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ requestKey: ['requestKey debe ser un UUID'] });
    });

    it('removes settled deliveries with their tries after WEBHOOK_DELIVERY_RETENTION_DAYS (30), never pending ones', async () => {
      const { id } = await hook(['session.full']);
      for (let i = 0; i < 4; i++) await app.request('POST', `/api/webhooks/${id}/test`, { token: admin });
      await settled(id);
      const [old, redelivered, pending, recent] = (await deliveries(id)).map((d) => d.id);
      await app.sql(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = ANY ($1)`, [
        [old, redelivered, pending],
      ]);
      await app.sql(`UPDATE webhook_deliveries SET redelivered_at = now() - interval '29 days' WHERE id = $1`, [
        redelivered,
      ]);
      await app.sql(
        `UPDATE webhook_deliveries SET status = 0, next_attempt_at = now() + interval '1 hour' WHERE id = $1`,
        [pending],
      );
      const service = app.running.app.get(WebhookDeliveryService);
      expect(await service.removeExpired()).toBe(1);
      expect((await deliveries(id)).map((d) => d.id)).toEqual([redelivered, pending, recent]);
      expect(await app.sql(`SELECT 1 FROM webhook_delivery_attempts WHERE delivery_id = $1`, [old])).toEqual([]);
      expect(await service.removeExpired()).toBe(0);
    });

    it('deleting a webhook deletes its pending deliveries', async () => {
      const { id, path: p } = await hook(['registration.created']);
      receiver.on(p, () => ({ status: 500 }));
      const { sessionId } = await createSession(app);
      await register(sessionId, 9701);
      await eventually(async () => (await deliveries(id))[0]?.attempts >= 1);
      expect((await app.request('DELETE', `/api/webhooks/${id}`, { token: admin })).status).toBe(200);
      expect(await deliveries(id)).toEqual([]);
      const before = receiver.at(p).length;
      await new Promise((r) => setTimeout(r, 800));
      expect(receiver.at(p).length).toBe(before);
    });

    it('a GDPR erasure deletes the person’s deliveries, pending or not', async () => {
      const { id, path: p } = await hook(['registration.created', 'registration.cancelled']);
      receiver.on(p, () => ({ status: 500 }));
      const { sessionId } = await createSession(app);
      await register(sessionId, 9801);
      await register(sessionId, 9802);
      await eventually(async () => (await deliveries(id)).length === 2);
      const res = await app.request(
        'DELETE',
        `/api/admin/gdpr/delete/${encodeURIComponent('persona9801@example.com')}`,
        {
          token: admin,
        },
      );
      expect(res.status).toBe(200);
      const left = await deliveries(id);
      expect(left.map((d) => d.payload.registration.email)).toEqual(['persona9802@example.com']);
    });
  });

  describe('a crowd', () => {
    it('fires exactly one registration.created per seat, one registration.queued per waiting place, and one session.full', async () => {
      const { id, path: p } = await hook();
      const { sessionId } = await createSession(app, { maxAttendees: 30, maxQueueSpots: 10 });
      const people = Array.from({ length: 50 }, (_, i) => 10_000 + i);
      const results = await Promise.all(people.map((n) => register(sessionId, n)));
      const ok = results.filter((r) => r.status === 201);
      expect(ok).toHaveLength(40);
      expect(results.filter((r) => r.status === 409)).toHaveLength(10);
      await settled(id);
      const got = receiver.at(p);
      const count = (type: string) => got.filter((r) => r.body.type === type).length;
      expect(count('registration.created')).toBe(30);
      expect(count('registration.queued')).toBe(10);
      expect(count('session.full')).toBe(1);
      expect(count('session.waitinglist.full')).toBe(1);
      expect(got).toHaveLength(42);
      const registrations = got.filter((r) => r.body.type.startsWith('registration.'));
      expect(new Set(registrations.map((r) => r.body.data.registration.id)).size).toBe(40);
      expect(new Set(got.map((r) => r.headers['x-webhook-id'])).size).toBe(42);
      const seated = ok.filter((r) => !r.body.queued).map((r) => r.body.id);
      expect(
        got
          .filter((r) => r.body.type === 'registration.created')
          .map((r) => r.body.data.registration.id)
          .sort(),
      ).toEqual(seated.sort());
    }, 30_000);
  });
});
