import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header carrying the signature: `sha256=<hex HMAC-SHA256 of the raw body with the webhook's secret>`. */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';
/** The event's id, the same on every try: receivers de-duplicate on it. */
export const WEBHOOK_ID_HEADER = 'X-Webhook-Id';
export const WEBHOOK_USER_AGENT = 'evreg-webhooks/1.0';

/** Standard Webhooks (standardwebhooks.com): the event's id, the try's Unix time in seconds (a receiver refuses
 * one more than 5 minutes away, which bounds a replay) and `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

/** A new secret: 32 random bytes, shown once to staff; standard base64 after `whsec_`, as Standard Webhooks
 * libraries read it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The Standard Webhooks key: the bytes after `whsec_`. Node reads base64 and base64url alike, so a secret made
 * before (base64url) keeps its bytes; a receiver's library wants it written with + and / instead of - and _. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** The `webhook-signature` value for one try. */
export function signStandardWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', standardKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of both schemes for one try of a delivery: ours (`X-Webhook-Id`, `X-Webhook-Signature`, kept for
 * existing receivers) and Standard Webhooks'. */
export function webhookSignatureHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [WEBHOOK_ID_HEADER]: id,
    [SIGNATURE_HEADER]: signWebhookBody(secret, body),
    [STANDARD_ID_HEADER]: id,
    [STANDARD_TIMESTAMP_HEADER]: String(timestamp),
    [STANDARD_SIGNATURE_HEADER]: signStandardWebhook(secret, id, timestamp, body),
  };
}

/** The signature header's value for a raw body. */
export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** What a receiver does (docs/domain.md, "Webhooks"): recompute over the raw bytes and compare in constant time. */
export function verifyWebhookSignature(secret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The body of a delivery, byte for byte the same on every try of it. */
export function webhookBody(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

export interface RetrySchedule {
  baseMs: number;
  maxMs: number;
  windowMs: number;
}

/** Delay before the try after the `attempts`-th failed one: base, doubling, capped at max. */
export function retryDelayMs(attempts: number, schedule: Pick<RetrySchedule, 'baseMs' | 'maxMs'>): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  return Math.min(schedule.baseMs * 2 ** exponent, schedule.maxMs);
}

/** After the `attempts`-th failed try of an event created at `createdAt`: when to try again, or null when that
 * would be past the retry window (the delivery is then failed). */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date, schedule: RetrySchedule): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempts, schedule));
  return next.getTime() > createdAt.getTime() + schedule.windowMs ? null : next;
}
