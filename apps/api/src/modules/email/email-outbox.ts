import { Global, Injectable, Logger, Module } from '@nestjs/common';
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
 * It never throws and never waits: a visitor's request doesn't fail or slow down when the queue is unreachable;
 * the delivery sweep sends what a lost kick left pending. */
@Injectable()
export class EmailOutbox {
  private readonly logger = new Logger(EmailOutbox.name);

  constructor(private readonly jobs: JobQueue) {}

  kick(options: { delayMs?: number; jobId?: string } = {}): void {
    const now = Date.now();
    const window = Math.floor(now / DISPATCH_WINDOW_MS);
    const jobId = options.jobId ?? `email-dispatch-${window}`;
    const delayMs = options.delayMs ?? (window + 1) * DISPATCH_WINDOW_MS - now + 1;
    this.jobs
      .add('email.dispatch', {}, { jobId, delayMs, attempts: 3, backoffMs: 5_000 })
      .catch((error: Error) =>
        this.logger.warn(`No se pudo encolar el envío de emails (el barrido lo reintentará): ${error.message}`),
      );
  }
}

/** Global, so the booking services can inject EmailOutbox without importing the e-mail module (which needs
 * theirs: no import cycle). */
@Global()
@Module({ providers: [EmailOutbox], exports: [EmailOutbox] })
export class EmailOutboxModule {}
