import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CreatedWebhook,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEventType,
} from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { sealSecret } from '../../common/crypto/secret-box';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { OUTBOX_STATUS } from '../../outbox/outbox-status';
import { ListWebhookDeliveriesQueryDto, WebhookRequestDto } from './dto/webhook.dto';
import { AllowedDestinations, urlRefusal } from './webhook-destination';
import { WebhookOutbox } from './webhook-outbox';
import { newWebhookSecret } from './webhook-signing';

const M = WEBHOOK_MESSAGES;
const STATUS = ['Pending', 'Delivered', 'Failed'] as const;
const COLUMNS = `id, url, events, is_active AS "isActive", created_at AS "createdAt", updated_at AS "updatedAt"`;

type WebhookRow = Omit<Webhook, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toWebhook = (row: WebhookRow): Webhook => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** In the catalogue's order, each once. */
const normalisedEvents = (events: WebhookEventType[]) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));

/** The webhooks staff configure (Settings.Read / Settings.Update) and their deliveries. The secret is generated
 * here, answered once by create, and stored sealed with APP_SECRET (common/crypto/secret-box); nothing logs it. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: WebhookOutbox,
    private readonly allowed: AllowedDestinations,
  ) {}

  /** Refuses (400 on `url`) what the URL alone shows is not an allowed destination: credentials in it, a literal
   * non-public address in any spelling. A name is checked on every try (WebhookDeliveryService). */
  private allowedUrl(url: string): string {
    const refusal = urlRefusal(url, this.allowed);
    if (refusal) throw AppError.field('url', refusal);
    return url;
  }

  async list(): Promise<Webhook[]> {
    const rows: WebhookRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM webhooks ORDER BY id`);
    return rows.map(toWebhook);
  }

  async get(id: number): Promise<Webhook> {
    const [row]: WebhookRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1`, [id]);
    if (!row) throw AppError.notFound(M.notFound);
    return toWebhook(row);
  }

  async create(dto: WebhookRequestDto): Promise<CreatedWebhook> {
    const secret = newWebhookSecret();
    const [row]: WebhookRow[] = await this.ds.query(
      `INSERT INTO webhooks (url, events, is_active, secret_sealed) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [
        this.allowedUrl(dto.url),
        normalisedEvents(dto.events),
        dto.isActive ?? true,
        sealSecret(this.config.appSecret, secret),
      ],
    );
    this.outbox.forgetActive();
    return { ...toWebhook(row), secret };
  }

  async update(id: number, dto: WebhookRequestDto): Promise<Webhook> {
    const [rows]: [WebhookRow[], number] = await this.ds.query(
      `UPDATE webhooks SET url = $2, events = $3, is_active = coalesce($4, is_active), updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, this.allowedUrl(dto.url), normalisedEvents(dto.events), dto.isActive ?? null],
    );
    if (!rows.length) throw AppError.notFound(M.notFound);
    this.outbox.forgetActive();
    return toWebhook(rows[0]);
  }

  /** Deletes the webhook with all its deliveries (pending ones are never sent). */
  async remove(id: number): Promise<{ message: string }> {
    const [, deleted]: [unknown, number] = await this.ds.query(`DELETE FROM webhooks WHERE id = $1`, [id]);
    if (!deleted) throw AppError.notFound(M.notFound);
    this.outbox.forgetActive();
    return { message: M.deleted };
  }

  async deliveries(id: number, query: ListWebhookDeliveriesQueryDto): Promise<WebhookDeliveryPage> {
    await this.get(id);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM webhook_deliveries WHERE webhook_id = $1`,
      [id],
    );
    const rows: DeliveryRow[] = await this.ds.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [id, pageSize, (page - 1) * pageSize],
    );
    const totalPages = Math.ceil(total / pageSize);
    return {
      data: rows.map(toDelivery),
      totalCount: total,
      totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
      page,
      pageSize,
    };
  }

  /** Another delivery of the same event, with the same id and body (`POST .../redeliver`): pending again, tried at
   * once, with a new retry window and its tries counted from 0; the history keeps the earlier ones. A disabled
   * webhook's delivery waits until it is enabled, as any other. One being sent right now is refused (409): its
   * outcome, recorded afterwards against the old window, would overwrite the redelivery. `requestKey` (one per
   * click) makes it idempotent: the key is stored with the redelivery under the row's lock, and the same key again
   * answers the delivery as it is (whether pending, in flight or delivered) without sending it once more. */
  async redeliver(id: number, deliveryId: number, requestKey?: string): Promise<WebhookDelivery> {
    await this.get(id);
    const [[row]]: [DeliveryRow[], number] = await this.ds.query(
      `UPDATE webhook_deliveries
          SET status = ${OUTBOX_STATUS.Pending}, attempts = 0, next_attempt_at = now(), redelivered_at = now(),
              delivered_at = NULL, redeliver_key = $3
        WHERE id = $1 AND webhook_id = $2 AND (claimed_until IS NULL OR claimed_until <= now())
          AND ($3::uuid IS NULL OR redeliver_key IS DISTINCT FROM $3::uuid)
        RETURNING ${DELIVERY_COLUMNS}`,
      [deliveryId, id, requestKey ?? null],
    );
    if (!row) {
      const [current]: (DeliveryRow & { sameKey: boolean })[] = await this.ds.query(
        `SELECT ${DELIVERY_COLUMNS}, redeliver_key = $3::uuid AS "sameKey"
           FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`,
        [deliveryId, id, requestKey ?? null],
      );
      if (!current) throw AppError.notFound(M.deliveryNotFound);
      if (!current.sameKey) throw AppError.conflict(M.deliveryInFlight);
      const { sameKey: _sameKey, ...delivery } = current;
      return toDelivery(delivery);
    }
    this.outbox.kick();
    return toDelivery(row);
  }

  /** 'Probar': records a webhook.test delivery (even for a disabled webhook) through the outbox, which sends it
   * within moments; its outcome is in the deliveries list. */
  async test(id: number): Promise<WebhookDelivery> {
    await this.get(id);
    const row = await this.outbox.recordTest<DeliveryRow>(id, DELIVERY_COLUMNS);
    return toDelivery(row);
  }
}

/** Also in INSERT and UPDATE ... RETURNING, hence webhook_deliveries.id in the history's subquery. */
const DELIVERY_COLUMNS = `id::int, event_id::text AS "eventId", event_type AS "eventType", status, attempts,
  last_status_code AS "lastStatusCode", last_error AS "lastError", created_at AS "createdAt",
  delivered_at AS "deliveredAt", CASE WHEN status = ${OUTBOX_STATUS.Pending} THEN next_attempt_at END AS "nextAttemptAt",
  redelivered_at AS "redeliveredAt",
  (SELECT coalesce(json_agg(json_build_object(
            'at', to_char(a.attempted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'statusCode', a.status_code, 'error', a.error) ORDER BY a.id), '[]')
     FROM webhook_delivery_attempts a WHERE a.delivery_id = webhook_deliveries.id) AS history`;

type DeliveryRow = Omit<WebhookDelivery, 'status' | 'createdAt' | 'deliveredAt' | 'nextAttemptAt' | 'redeliveredAt'> & {
  status: number;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
  redeliveredAt: Date | null;
};

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  status: STATUS[row.status],
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  redeliveredAt: row.redeliveredAt?.toISOString() ?? null,
});
