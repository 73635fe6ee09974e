import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The process's own metrics (docs/architecture.md, "Metrics, logs and traces"): counted where things happen, with
 * fixed label values only (a route template, a status, a reason code: never an id, an e-mail or a URL). The
 * per-application gauges read at scrape time (outboxes, queue, pool) are MetricsService's. */
export const processMetrics = new Registry();

let collectingProcessMetrics = false;
/** Node's own metrics (CPU, memory, event loop delay, GC) from the first scrape on. Collecting them installs
 * process-wide observers that are never removed: a process nobody scrapes (a deployment without metrics, each test
 * file of a jest run, which would then keep every earlier file's modules alive) must not carry them. */
export function collectProcessMetrics(): void {
  if (collectingProcessMetrics) return;
  collectingProcessMetrics = true;
  collectDefaultMetrics({ register: processMetrics, prefix: 'evreg_process_' });
}

export const httpDuration = new Histogram({
  name: 'evreg_http_request_duration_seconds',
  help: 'Duración de las peticiones HTTP por plantilla de ruta, método y estado',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

/** held, registered, queued, refused (by reason), promoted, cancelled: counted per person or seat. */
export const bookingDecisions = new Counter({
  name: 'evreg_booking_decisions_total',
  help: 'Decisiones de reserva: held, registered, queued, refused (por motivo), promoted, cancelled',
  labelNames: ['decision', 'reason'] as const,
  registers: [processMetrics],
});

export const batchSizes = new Histogram({
  name: 'evreg_booking_batch_size',
  help: 'Peticiones decididas juntas en un lote (retenciones, inscripciones y sus lecturas)',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  registers: [processMetrics],
});

export const publicReadCache = new Counter({
  name: 'evreg_public_read_cache_total',
  help: 'Lecturas públicas servidas desde la microcaché (hit) o calculadas (miss)',
  labelNames: ['result'] as const,
  registers: [processMetrics],
});

/** The decisions' children made once, so counting one is a property read and an addition. */
export const decided = {
  held: bookingDecisions.labels('held', ''),
  registered: bookingDecisions.labels('registered', ''),
  queued: bookingDecisions.labels('queued', ''),
  promoted: bookingDecisions.labels('promoted', ''),
  cancelled: bookingDecisions.labels('cancelled', ''),
};

const REASON = /^[A-Z][A-Z_]{0,47}$/;

/** A refusal, by its error code (a closed set of upper-case constants; anything else counts as `OTHER`). */
export function refused(reason: string | undefined): void {
  bookingDecisions.inc({ decision: 'refused', reason: reason && REASON.test(reason) ? reason : 'OTHER' });
}

export const cacheHits = {
  hit: publicReadCache.labels('hit'),
  miss: publicReadCache.labels('miss'),
};
