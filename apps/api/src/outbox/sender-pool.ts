/** The senders of one process for a pooled outbox channel (e-mail, webhooks): `senders` loops that each claim and send due rows until
 * none is left, however many dispatch jobs arrive meanwhile. A dispatch arriving during a run joins it, and the
 * run then looks once more for due rows, so a kick is never lost between a sender's last empty claim and the end
 * of the run. A failed loop (a database error) fails the run, so the queue retries the job; what a row's own send
 * did wrong is the sender's to record on the row. docs/architecture.md, "Messages out". */
export class SenderPool {
  private run: Promise<void> | null = null;
  private dispatches = 0;

  constructor(
    private readonly senders: number,
    private readonly sender: () => Promise<void>,
  ) {}

  dispatch(): Promise<void> {
    this.dispatches++;
    this.run ??= this.sendAll();
    return this.run;
  }

  private async sendAll(): Promise<void> {
    try {
      for (;;) {
        const asked = this.dispatches;
        const loops = await Promise.allSettled(Array.from({ length: this.senders }, () => this.sender()));
        const failed = loops.find((s): s is PromiseRejectedResult => s.status === 'rejected');
        if (failed) throw failed.reason;
        // Checked and ended in one step: a dispatch after this starts a run of its own.
        if (this.dispatches === asked) return;
      }
    } finally {
      this.run = null;
    }
  }
}
