import { Global, Injectable, Module } from '@nestjs/common';
import { JobQueue } from '../../queue/job-queue';

declare module '../../queue/job-map' {
  interface JobMap {
    /** Sends every due pending e-mail (EmailDeliveryService.dispatch). */
    'email.dispatch': Record<string, never>;
  }
}

/** Kicks are gathered into one dispatch job per window of this many milliseconds, which runs when its window
 * has closed. A kick always lands in a job that has not started yet and starts after the kick's commit, so no
 * message waits for the sweep; and a rush of bookings costs at most one job per window, not one per booking.
 * (A single fixed job id would lose the kicks that arrive while that job is finishing its last, empty claim.) */
const DISPATCH_WINDOW_MS = 250;

/** Wakes the e-mail sender after a change that recorded messages in `email_messages` has committed. Call it
 * after the transaction, never inside (a rolled-back change must send nothing, and the job must see the rows).
 * It never throws and never waits (JobQueue.addSoon): a visitor's request doesn't fail or slow down when Redis is
 * unreachable; the kick is queued when Redis is back, and the delivery sweep sends whatever a lost kick left
 * pending (docs/domain.md, "Redis away"). */
@Injectable()
export class EmailOutbox {
  /** The window job this process has already queued: the other kicks of that window would only be deduplicated
   * by the queue, so they cost no round trip to Redis (a rush of bookings: four adds a second per process). */
  private lastWindowJobId: string | null = null;

  constructor(private readonly jobs: JobQueue) {}

  kick(options: { delayMs?: number; jobId?: string } = {}): void {
    const now = Date.now();
    const window = Math.floor(now / DISPATCH_WINDOW_MS);
    const jobId = options.jobId ?? `email-dispatch-${window}`;
    if (options.jobId === undefined) {
      if (jobId === this.lastWindowJobId) return;
      this.lastWindowJobId = jobId;
    }
    const delayMs = options.delayMs ?? (window + 1) * DISPATCH_WINDOW_MS - now + 1;
    this.jobs.addSoon('email.dispatch', {}, { jobId, delayMs, attempts: 3, backoffMs: 5_000 });
  }
}

/** Global, so the booking services can inject EmailOutbox without importing the e-mail module (which needs
 * theirs: no import cycle). */
@Global()
@Module({ providers: [EmailOutbox], exports: [EmailOutbox] })
export class EmailOutboxModule {}
