import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  newWebhookSecret,
  webhookSignatureHeaders,
  nextAttemptAt,
  retryDelayMs,
  signWebhookBody,
  verifyWebhookSignature,
  webhookBody,
} from './webhook-signing';

describe('webhook signing', () => {
  const secret = 'whsec_prueba';
  const body = '{"id":"e1","type":"registration.created","createdAt":"2026-01-01T00:00:00.000Z","data":{"x":"ñ"}}';

  it('signs the raw body with HMAC-SHA256 as sha256=<hex>', () => {
    const hex = createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex');
    expect(signWebhookBody(secret, body)).toBe(`sha256=${hex}`);
    expect(signWebhookBody(secret, Buffer.from(body))).toBe(`sha256=${hex}`);
  });

  it('verifies a good signature and refuses another body, secret or header', () => {
    const header = signWebhookBody(secret, body);
    expect(verifyWebhookSignature(secret, body, header)).toBe(true);
    expect(verifyWebhookSignature(secret, `${body} `, header)).toBe(false);
    expect(verifyWebhookSignature('otro', body, header)).toBe(false);
    expect(verifyWebhookSignature(secret, body, undefined)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 'sha256=00')).toBe(false);
  });

  it('writes the body the same way every time', () => {
    const event = { id: 'e1', type: 'session.full', createdAt: new Date('2026-01-01T00:00:00Z'), data: { a: 1 } };
    expect(webhookBody(event)).toBe(
      '{"id":"e1","type":"session.full","createdAt":"2026-01-01T00:00:00.000Z","data":{"a":1}}',
    );
    expect(webhookBody(event)).toBe(webhookBody({ ...event }));
  });

  it('makes distinct, long secrets in the base64 that Standard Webhooks libraries read', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs both schemes on every try: ours as before, and Standard Webhooks that its own library verifies', () => {
    const fresh = newWebhookSecret();
    const now = new Date();
    const headers = webhookSignatureHeaders(fresh, '42', body, now);
    expect(headers).toEqual({
      'X-Webhook-Id': '42',
      'X-Webhook-Signature': signWebhookBody(fresh, body),
      'webhook-id': '42',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(new Webhook(fresh).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(fresh).verify(`${body} `, headers)).toThrow('No matching signature found');
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow('No matching signature found');
  });

  it('keeps the key of a secret made before in base64url: the library reads it written with + and /', () => {
    const old = 'whsec_1XUAf-w1JIMvBFd6Z4nVxRi0HZRa7yDktngUru5ZCMQ';
    const headers = webhookSignatureHeaders(old, '7', body, new Date());
    const asBase64 = `whsec_${old.slice('whsec_'.length).replace(/-/g, '+').replace(/_/g, '/')}`;
    expect(new Webhook(asBase64).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe('webhook retry schedule', () => {
  const schedule = { baseMs: 30_000, maxMs: 3_600_000, windowMs: 72 * 3_600_000 };

  it('waits 30 s, then doubles, capped at one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map((n) => retryDelayMs(n, schedule))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('keeps trying until 72 h after the event, then gives up', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(created.getTime() + ms);
    expect(nextAttemptAt(created, 1, at(1_000), schedule)).toEqual(at(31_000));
    // One hour apart near the end: the last try may be at exactly 72 h.
    expect(nextAttemptAt(created, 80, at(71 * 3_600_000), schedule)).toEqual(at(72 * 3_600_000));
    expect(nextAttemptAt(created, 80, at(71 * 3_600_000 + 1), schedule)).toBeNull();
    // How many tries that makes over three days: 8 while doubling, then hourly.
    let attempts = 0;
    let now = created;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(created, attempts, now, schedule);
      if (!next) break;
      now = next;
    }
    expect(attempts).toBeGreaterThan(70);
    expect(attempts).toBeLessThan(80);
  });
});
