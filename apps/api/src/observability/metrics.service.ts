import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JOBS_QUEUE_NAME } from '../queue/queue.constants';
import { collectProcessMetrics, processMetrics } from './metrics';

/** A scrape never waits longer than this for Redis (commands wait for a reconnection while it is away). */
const REDIS_TIMEOUT_MS = 2_000;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

interface Snapshot {
  outboxes: { channel: string; pending: number; age: number }[];
  queue: Partial<Record<(typeof QUEUE_STATES)[number], number>> | null;
}

/** pg's Pool, as TypeORM's PostgreSQL driver holds it. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The application's gauges, read when Prometheus scrapes (docs/architecture.md, "Metrics, logs and traces"): the
 * outboxes' backlog and the age of their oldest pending row (one cheap statement over their partial indexes,
 * shared by every instance: the same figure from each), the BullMQ queue's jobs by state, the database pool. */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);
  readonly registry = new Registry();
  private snapshot: { at: number; value: Promise<Snapshot> } | null = null;
  private readonly queue: Queue | null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    moduleRef: ModuleRef,
  ) {
    this.queue = bullQueue(moduleRef);
    const read = () => this.read();
    new Gauge({
      name: 'evreg_outbox_pending',
      help: 'Mensajes pendientes por canal (email, sms, webhook)',
      labelNames: ['channel'],
      registers: [this.registry],
      async collect() {
        for (const o of (await read()).outboxes) this.set({ channel: o.channel }, o.pending);
      },
    });
    new Gauge({
      name: 'evreg_outbox_oldest_pending_age_seconds',
      help: 'Antigüedad del mensaje pendiente más antiguo por canal (0 sin pendientes)',
      labelNames: ['channel'],
      registers: [this.registry],
      async collect() {
        for (const o of (await read()).outboxes) this.set({ channel: o.channel }, o.age);
      },
    });
    if (this.queue)
      new Gauge({
        name: 'evreg_queue_jobs',
        help: 'Trabajos de la cola BullMQ por estado (failed: fallidos sin más reintentos)',
        labelNames: ['state'],
        registers: [this.registry],
        async collect() {
          const counts = (await read()).queue;
          // Redis away: no figure rather than the last one (evreg_redis_up says why).
          this.reset();
          if (counts) for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
        },
      });
    if (this.queue)
      new Gauge({
        name: 'evreg_redis_up',
        help: 'Si Redis respondió a esta instancia en la última lectura (1) o no (0)',
        registers: [this.registry],
        async collect() {
          this.set((await read()).queue ? 1 : 0);
        },
      });
    const pool = () => (this.ds.driver as unknown as { master?: PgPool }).master;
    new Gauge({
      name: 'evreg_db_pool_connections',
      help: 'Conexiones del pool de PostgreSQL: in_use, idle, waiting (peticiones esperando una conexión), max',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
        if (p.options?.max) this.set({ state: 'max' }, p.options.max);
      },
    });
  }

  /** The Prometheus text of this process: its own counters and histograms, then the application's gauges. */
  async render(): Promise<string> {
    collectProcessMetrics();
    const [own, app] = await Promise.all([processMetrics.metrics(), this.registry.metrics()]);
    return `${own}\n${app}`;
  }

  get contentType(): string {
    return processMetrics.contentType;
  }

  private read(): Promise<Snapshot> {
    const now = Date.now();
    // Read at most once per METRICS_CACHE_MS: several Prometheus servers scraping every instance cost one read.
    if (!this.snapshot || now - this.snapshot.at >= this.config.metricsCacheMs)
      this.snapshot = { at: now, value: this.readNow() };
    return this.snapshot.value;
  }

  private async readNow(): Promise<Snapshot> {
    const [outboxes, queue] = await Promise.all([
      this.ds
        .query(
          `SELECT 'email' AS channel, count(*)::int AS pending, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age FROM email_messages WHERE status = 0
           UNION ALL SELECT 'sms', count(*)::int, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 FROM sms_messages WHERE status = 0
           UNION ALL SELECT 'webhook', count(*)::int, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 FROM webhook_deliveries WHERE status = 0`,
        )
        .catch((error: unknown) => {
          this.logger.warn(`Métricas: no se pudo leer las bandejas de salida (${String(error)})`);
          return [];
        }) as Promise<Snapshot['outboxes']>,
      this.queue ? withTimeout(this.queue.getJobCounts(...QUEUE_STATES), REDIS_TIMEOUT_MS) : Promise.resolve(null),
    ]);
    return { outboxes, queue };
  }
}

/** The BullMQ queue when this process has one (REDIS_URL), else null (embedded mode: jobs run in the process). */
function bullQueue(moduleRef: ModuleRef): Queue | null {
  try {
    return moduleRef.get<Queue>(getQueueToken(JOBS_QUEUE_NAME), { strict: false });
  } catch {
    return null;
  }
}

/** The answer, or null when it fails or takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise.catch(() => null), late]).finally(() => clearTimeout(timer));
}
