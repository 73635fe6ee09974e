import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { WEBHOOK_TEST_EVENT } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { openSecret } from '../../common/crypto/secret-box';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { LeaseHeartbeat } from '../../outbox/lease-heartbeat';
import { OUTBOX_STATUS, dueSql } from '../../outbox/outbox-status';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { SenderPool } from '../../outbox/sender-pool';
import { JobHandler } from '../../queue/job-handler.decorator';
import { AllowedDestinations, guardedLookup } from './webhook-destination';
import { postWebhook, type SendOutcome } from './webhook-sender';
import { WEBHOOK_USER_AGENT, nextAttemptAt, webhookBody, webhookSignatureHeaders } from './webhook-signing';

const RETENTION_INTERVAL_MS = 3_600_000;
const RETENTION_BATCH = 1_000;
/** Deliveries sent at once per process (each one request at a time): a slow receiver holds one of them. */
export const WEBHOOK_SENDERS = 4;
const { Pending, Sent, Failed } = OUTBOX_STATUS;
/** Due: pending, its next try has come, no live claim, and its webhook active (a disabled webhook's deliveries wait;
 * the test delivery goes anyway). */
const DUE = `${dueSql('d.')}
  AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND (w.is_active OR d.event_type = '${WEBHOOK_TEST_EVENT}'))`;

interface ClaimedDelivery {
  id: string;
  webhookId: number;
  eventId: string;
  eventType: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  /** The start of the retry window: the event's time, or the last redelivery's. */
  windowStartsAt: Date;
  url: string;
  secretSealed: string;
}

/** Delivers the webhook outbox (`webhook_deliveries`), as EmailDeliveryService does e-mail: a process's senders claim
 * one due row at a time (`FOR UPDATE SKIP LOCKED`, a lease renewed while the request goes on), POST the signed body,
 * and record delivered (2xx) or the failure with the next try (30 s doubling up to 1 h, for 72 h; then failed). So
 * one worker at a time sends a delivery, whatever the instances, jobs or retries; a worker killed after the receiver
 * answered but before recording it sends it again, with the same X-Webhook-Id. Only to allowed destinations
 * (webhook-destination.ts: checked before any connection, on the addresses connected to); redirects are never
 * followed, an answer's body is never read nor kept, and a try lasts at most WEBHOOK_TIMEOUT_MS. */
@Injectable()
export class WebhookDeliveryService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveryService.name);
  private readonly lease: LeaseHeartbeat;
  /** The senders of this process (outbox/sender-pool.ts), joined by every dispatch that arrives while they run. */
  private readonly pool = new SenderPool(WEBHOOK_SENDERS, () => this.sender());
  private stopping = false;
  private readonly lookup: ReturnType<typeof guardedLookup>;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outboxes: OutboxRegistry,
    private readonly allowed: AllowedDestinations,
  ) {
    this.lease = new LeaseHeartbeat(ds, 'webhook_deliveries', config.webhookLeaseMs, (error) =>
      this.logger.warn(`No se pudo renovar la reserva de los webhooks en envío: ${error.message}`),
    );
    this.lookup = guardedLookup(this.allowed);
  }

  /** The webhook channel of the outbox kit: woken after the commits that record deliveries, swept every
   * WEBHOOK_SWEEP_INTERVAL_MS; and the retention, hourly. */
  onModuleInit(): void {
    this.outboxes.register({
      name: 'webhook',
      table: 'webhook_deliveries',
      dispatch: 'pooled',
      job: 'webhook.dispatch',
      due: DUE,
      sweepIntervalMs: this.config.webhookSweepIntervalMs,
    });
    this.outboxes.every('webhook-retention', RETENTION_INTERVAL_MS, () => this.removeExpired());
  }

  /** Retention (WEBHOOK_DELIVERY_RETENTION_DAYS): delivered and failed deliveries, with their tries, removed once
   * that long has passed since their event or last redelivery; pending ones stay. In batches, so no run holds many
   * locks; any number of instances may run it. Answers how many went. */
  async removeExpired(): Promise<number> {
    let removed = 0;
    try {
      for (;;) {
        const [, count]: [unknown, number] = await this.ds.query(
          `DELETE FROM webhook_deliveries WHERE id IN (
             SELECT id FROM webhook_deliveries
              WHERE status <> ${Pending} AND coalesce(redelivered_at, created_at) < now() - make_interval(days => $1)
              LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED)`,
          [this.config.webhookDeliveryRetentionDays],
        );
        removed += count;
        if (count < RETENTION_BATCH) return removed;
      }
    } catch (error) {
      this.logger.warn(`Limpieza de envíos de webhook fallida: ${(error as Error).message}`);
      return removed;
    }
  }

  onModuleDestroy(): void {
    this.stopping = true;
  }

  /** Sends due deliveries until none is left, with WEBHOOK_SENDERS senders in this process however many dispatch
   * jobs run at once (as EmailDeliveryService.dispatch). Rethrows only database errors. */
  @JobHandler('webhook.dispatch')
  async dispatch(): Promise<void> {
    return this.pool.dispatch();
  }

  private async sender(): Promise<void> {
    while (!this.stopping) {
      const delivery = await this.claim();
      if (!delivery) return;
      const outcome = await this.lease.hold(delivery.id, () => this.send(delivery));
      await this.record(delivery, outcome);
    }
  }

  /** Claims the next due delivery: a lease and the try counted, with what sending it needs. */
  private async claim(): Promise<ClaimedDelivery | null> {
    const [row]: ClaimedDelivery[] = await this.ds.query(
      `WITH c AS (
         UPDATE webhook_deliveries SET claimed_until = now() + make_interval(secs => $1::float8 / 1000), attempts = attempts + 1
          WHERE id = (SELECT d.id FROM webhook_deliveries d WHERE ${DUE} ORDER BY d.next_attempt_at, d.id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, webhook_id, event_id, event_type, payload, attempts, created_at, redelivered_at)
       SELECT c.id::text, c.webhook_id AS "webhookId", c.event_id::text AS "eventId", c.event_type AS "eventType", c.payload, c.attempts,
              c.created_at AS "createdAt", coalesce(c.redelivered_at, c.created_at) AS "windowStartsAt",
              w.url, w.secret_sealed AS "secretSealed"
         FROM c JOIN webhooks w ON w.id = c.webhook_id`,
      [this.config.webhookLeaseMs],
    );
    return row ?? null;
  }

  private async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const body = webhookBody({
      id: delivery.eventId,
      type: delivery.eventType,
      createdAt: new Date(delivery.createdAt),
      data: delivery.payload,
    });
    let secret: string;
    try {
      secret = openSecret(this.config.appSecret, delivery.secretSealed);
    } catch (error) {
      return { ok: false, statusCode: null, error: (error as Error).message };
    }
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      ...webhookSignatureHeaders(secret, delivery.eventId, body, new Date()),
    };
    const outcome = await postWebhook(
      { url: delivery.url, headers, body, timeoutMs: this.config.webhookTimeoutMs },
      this.allowed,
      this.lookup,
    );
    // Ids and our reason only: the URL may carry a receiver's token, the body names people.
    if (!outcome.ok && outcome.refused)
      this.logger.warn(`Webhook ${delivery.webhookId}, envío ${delivery.id}: ${outcome.error}`);
    return outcome;
  }

  /** A refused destination (the URL, or the addresses its name resolves to) fails the delivery at once, with the
   * reason: retrying would only be refused again until staff edit the URL or the allow-list (then 'Reenviar'). Any
   * other failure is retried.
   * Each try joins the delivery's history in the same statement. */
  private async record(delivery: ClaimedDelivery, outcome: SendOutcome): Promise<void> {
    if (outcome.ok) {
      await this.ds.query(
        `WITH d AS (UPDATE webhook_deliveries SET status = ${Sent}, delivered_at = now(), claimed_until = NULL, last_status_code = $2, last_error = NULL
                     WHERE id = $1 RETURNING id)
         INSERT INTO webhook_delivery_attempts (delivery_id, status_code) SELECT id, $2 FROM d`,
        [delivery.id, outcome.statusCode],
      );
      return;
    }
    const next = outcome.refused
      ? null
      : nextAttemptAt(new Date(delivery.windowStartsAt), delivery.attempts, new Date(), {
          baseMs: this.config.webhookRetryBaseMs,
          maxMs: this.config.webhookRetryMaxMs,
          windowMs: this.config.webhookRetryWindowMs,
        });
    await this.ds.query(
      `WITH d AS (
         UPDATE webhook_deliveries SET status = CASE WHEN $4::timestamptz IS NULL THEN ${Failed} ELSE ${Pending} END, claimed_until = NULL,
                last_status_code = $2, last_error = $3, next_attempt_at = coalesce($4::timestamptz, next_attempt_at)
          WHERE id = $1 RETURNING id)
       INSERT INTO webhook_delivery_attempts (delivery_id, status_code, error) SELECT id, $2, $3 FROM d`,
      [delivery.id, outcome.statusCode, outcome.error, next],
    );
    if (next)
      this.outboxes.kick('webhook', {
        delayMs: Math.max(0, next.getTime() - Date.now()) + 50,
        jobId: `webhook-retry-${delivery.id}-${delivery.attempts}`,
      });
  }
}
