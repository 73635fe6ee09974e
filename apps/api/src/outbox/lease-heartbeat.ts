import type { DataSource } from 'typeorm';
import type { OutboxTable } from './outbox-channel';
import { OUTBOX_STATUS } from './outbox-status';

/** Keeps alive the claims (`claimed_until`) of the outbox rows this process is sending: every third of the lease
 * it moves their expiry one lease ahead. A send slower than the lease is never taken over by another worker
 * while this one is alive, and a dead worker's claims run out within one lease (docs/domain.md, "Messages after
 * a worker crash"). One query per beat for all the rows held, and no timer while nothing is held. */
export class LeaseHeartbeat {
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private beating = false;

  constructor(
    private readonly ds: DataSource,
    private readonly table: OutboxTable,
    private readonly leaseMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Runs `work` (the send of a row this process has just claimed) with the row's claim renewed meanwhile. */
  async hold<T>(id: number | string, work: () => Promise<T>): Promise<T> {
    const key = String(id);
    this.held.add(key);
    this.timer ??= setInterval(() => void this.beat(), Math.max(100, Math.floor(this.leaseMs / 3))).unref();
    try {
      return await work();
    } finally {
      this.held.delete(key);
      if (!this.held.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    }
  }

  private async beat(): Promise<void> {
    if (this.beating || !this.held.size) return;
    this.beating = true;
    try {
      // Only rows still pending and claimed: one just recorded sent, failed or released stays as it is.
      await this.ds.query(
        `UPDATE ${this.table} SET claimed_until = now() + make_interval(secs => $2::float8 / 1000)
          WHERE id = ANY($1::bigint[]) AND status = ${OUTBOX_STATUS.Pending} AND claimed_until IS NOT NULL`,
        [[...this.held], this.leaseMs],
      );
    } catch (error) {
      this.onError(error as Error);
    } finally {
      this.beating = false;
    }
  }
}
