import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OutboxBacklog, OutboxChannelName, ServiceCheck, SystemStatus } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { DatabaseTarget } from '../../database/data-source';
import { DATABASE_TARGET } from '../../database/database.module';
import { OUTBOX_STATUS } from '../../outbox/outbox-status';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { JobQueue } from '../../queue/job-queue';
import { probeConnect, probeSmtp, type ProbeResult } from './probes';
import { readVersion } from './version';

/** An answer is reused this long by the instance: the screen may be reloaded at will without every reload
 * connecting to the SMTP server and Netelip. */
export const STATUS_CACHE_MS = 5_000;

const OUTBOX_TABLES: Record<OutboxChannelName, string> = {
  email: 'email_messages',
  sms: 'sms_messages',
  webhook: 'webhook_deliveries',
};

/** 'Estado del sistema' (docs/architecture.md, "Operation"): each check bounded in time, none throws; only the
 * configured SMTP server and the configured Netelip address are contacted, and only when in use. */
@Injectable()
export class SystemStatusService {
  private readonly version = readVersion();
  private cached: { until: number; status: Promise<SystemStatus> } | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(DATABASE_TARGET) private readonly database: DatabaseTarget,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly outbox: OutboxRegistry,
  ) {}

  status(): Promise<SystemStatus> {
    const now = Date.now();
    if (!this.cached || this.cached.until <= now) {
      const status = this.check();
      this.cached = { until: now + STATUS_CACHE_MS, status };
      // A failure is not kept (check() never rejects, but a cache must never pin one).
      status.catch(() => (this.cached = null));
    }
    return this.cached.status;
  }

  private async check(): Promise<SystemStatus> {
    const [database, redis, smtp, sms, outbox] = await Promise.all([
      this.checkDatabase(),
      this.checkRedis(),
      this.checkSmtp(),
      this.checkSms(),
      this.backlog(),
    ]);
    return {
      checkedAt: new Date().toISOString(),
      version: this.version,
      database: { ...database, mode: this.database.mode },
      redis,
      smtp,
      sms,
      outbox,
    };
  }

  private async checkDatabase(): Promise<ServiceCheck> {
    const started = Date.now();
    try {
      await this.ds.query('SELECT 1');
      return { state: 'ok', latencyMs: Date.now() - started, detail: null };
    } catch {
      return { state: 'down', latencyMs: null, detail: 'La base de datos no responde' };
    }
  }

  private async checkRedis(): Promise<ServiceCheck> {
    if (this.queue.mode === 'in-process')
      return { state: 'embedded', latencyMs: null, detail: 'Sin REDIS_URL: los trabajos se ejecutan en este proceso' };
    const started = Date.now();
    const up = await this.queue.ping().catch(() => false);
    return up
      ? { state: 'ok', latencyMs: Date.now() - started, detail: null }
      : { state: 'down', latencyMs: null, detail: 'Redis no responde' };
  }

  private async checkSmtp(): Promise<ServiceCheck> {
    const rows: { enabled: boolean; host: string; port: number; useSsl: boolean }[] = await this.ds
      .query(
        `SELECT email_enabled AS enabled, smtp_host AS host, smtp_port AS port, smtp_use_ssl AS "useSsl" FROM email_settings WHERE id = 1`,
      )
      .catch(() => []);
    const s = rows[0];
    if (!s?.host) return { state: 'not-configured', latencyMs: null, detail: 'No hay servidor SMTP configurado' };
    const where = `${s.host}:${s.port}${s.enabled ? '' : ' (envío de emails desactivado)'}`;
    return fromProbe(await probeSmtp(s.host, s.port, s.useSsl && s.port === 465), where);
  }

  private async checkSms(): Promise<ServiceCheck> {
    const rows: { enabled: boolean; hasToken: boolean }[] = await this.ds
      .query(
        `SELECT sms_enabled AS enabled, netelip_token_sealed IS NOT NULL AS "hasToken" FROM sms_settings WHERE id = 1`,
      )
      .catch(() => []);
    const s = rows[0];
    if (!s?.enabled || !s.hasToken)
      return { state: 'not-configured', latencyMs: null, detail: 'El envío de SMS no está activado' };
    const url = new URL(this.config.netelipBaseUrl);
    const https = url.protocol === 'https:';
    const port = Number(url.port) || (https ? 443 : 80);
    return fromProbe(await probeConnect(url.hostname, port, https), `${url.hostname}:${port}`);
  }

  /** Pending messages per channel (the partial indexes on `status = 0` make these counts cheap). */
  private async backlog(): Promise<OutboxBacklog[]> {
    const channels = Object.keys(OUTBOX_TABLES) as OutboxChannelName[];
    const rows: { channel: OutboxChannelName; pending: number; oldest: string | null }[] = await this.ds
      .query(
        channels
          .map(
            (channel) =>
              `SELECT '${channel}' AS channel, count(*)::int AS pending, floor(extract(epoch FROM now() - min(created_at)))::text AS oldest
                 FROM ${OUTBOX_TABLES[channel]} WHERE status = ${OUTBOX_STATUS.Pending}`,
          )
          .join(' UNION ALL '),
      )
      .catch(() => []);
    return channels.map((channel) => {
      const row = rows.find((r) => r.channel === channel);
      const lastSweep = this.outbox.lastSweepAt(channel);
      return {
        channel,
        pending: row?.pending ?? 0,
        oldestPendingSeconds: row?.oldest == null ? null : Math.max(0, Number(row.oldest)),
        lastSweepAt: lastSweep ? lastSweep.toISOString() : null,
      };
    });
  }
}

function fromProbe(result: ProbeResult, where: string): ServiceCheck {
  return result.ok
    ? { state: 'ok', latencyMs: result.latencyMs, detail: where }
    : { state: 'down', latencyMs: null, detail: `${where}: ${result.reason}` };
}
