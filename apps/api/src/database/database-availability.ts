import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** How often, while the database is away, one `SELECT 1` checks whether it is back. */
const PROBE_INTERVAL_MS = 2_000;

/** Whether this instance can reach its database, as seen by the requests that fail (docs/domain.md, "PostgreSQL
 * away"). The outage is logged once when it starts (error) and once when it ends (warning), not once per refused
 * request; while it lasts a probe checks every 2 s. The pool reconnects by itself: it drops broken connections
 * and the next request opens a new one. */
@Injectable()
export class DatabaseAvailability implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private down = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A request failed because the database could not be reached (pg-errors.ts, isDatabaseUnavailable). */
  reportUnavailable(error: unknown): void {
    if (this.down || this.closed) return;
    this.down = true;
    // The driver's code and message only (e.g. 'connect ECONNREFUSED 10.0.0.5:5432'): never a query or its values.
    this.logger.error(`Base de datos no disponible: se responde 503 hasta que vuelva (${describe(error)})`);
    this.scheduleProbe();
  }

  onApplicationShutdown(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleProbe(): void {
    this.timer = setTimeout(() => void this.probe(), PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    this.timer = null;
    if (this.closed || !this.ds.isInitialized) return;
    const back = await this.ds.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (this.closed) return;
    if (!back) return this.scheduleProbe();
    this.down = false;
    this.logger.warn('Base de datos disponible de nuevo');
  }
}

function describe(error: unknown): string {
  const inner = (error as { driverError?: unknown })?.driverError ?? error;
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown };
  return [typeof code === 'string' ? code : null, typeof message === 'string' ? message : String(inner)]
    .filter(Boolean)
    .join(': ');
}
