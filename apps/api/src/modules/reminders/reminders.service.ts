import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, REGISTRATION_STATE, REMINDER_HOURS, SETTING_KEYS } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { EmailOutbox } from '../email/email-outbox';
import { SmsOutbox } from '../sms/sms-outbox';

/** The registrations whose reminder is due, claimed: at most $2 of them, locked with SKIP LOCKED so two sweeps
 * (two instances, a worker) never take the same row, and marked with the session start the reminder is for. The
 * rules (docs/domain.md, "Reminders"), with h the ReminderHoursBeforeSession hours ($1):
 * - seated (active), the session not started, its event not cancelled, and now at or after `starts_at - h`;
 * - no reminder queued yet, or one queued for an earlier start (the session moved later since);
 * - seated (registered, or promoted from the waiting list) before `starts_at - h`, or before the session's start
 *   last changed: who books within the reminder window has just been told everything.
 * A row another sweep claims and commits meanwhile is re-checked by PostgreSQL when locked, and then left out. */
const CLAIM = `
  WITH due AS (
    SELECT r.id, s.starts_at
      FROM event_sessions s
      JOIN events e ON e.id = s.event_id
      JOIN registrations r ON r.session_id = s.id
     WHERE s.starts_at > now() AND s.starts_at <= now() + make_interval(hours => $1)
       AND e.status <> ${EVENT_STATUS.Cancelled}
       AND r.state = ${REGISTRATION_STATE.Active}
       AND (r.reminder_starts_at IS NULL OR r.reminder_starts_at < s.starts_at)
       AND coalesce(r.promoted_at, r.registered_at) < greatest(s.starts_at - make_interval(hours => $1), s.rescheduled_at)
     ORDER BY s.starts_at, r.id
     LIMIT $2
     FOR UPDATE OF r SKIP LOCKED)
  UPDATE registrations r SET reminder_queued_at = now(), reminder_starts_at = due.starts_at
    FROM due
   WHERE r.id = due.id
  RETURNING r.id`;

/** Reminders before a session (docs/domain.md, "Reminders"): a sweep on every instance, every
 * REMINDER_SWEEP_INTERVAL_MS, queues the due ones through the outboxes: a Reminder e-mail and, with a phone and SMS
 * enabled, an SMS, each carrying the cancellation link. A batch's claim and its messages are one transaction: a
 * process killed mid-way leaves either both (the outboxes deliver them) or neither (the next sweep claims them), so
 * each registration's reminder is queued exactly once per session start. */
@Injectable()
export class RemindersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RemindersService.name);
  /** The sweep under way in this process, if any: a tick during a slow run joins it. */
  private running: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outboxes: OutboxRegistry,
    private readonly emails: EmailOutbox,
    private readonly sms: SmsOutbox,
  ) {}

  onApplicationBootstrap(): void {
    this.outboxes.every('reminder-sweep', this.config.reminderSweepIntervalMs, () => this.sweep());
  }

  /** Queues every due reminder, a batch (one transaction) at a time; answers how many. Never throws: a failure is
   * logged and the next sweep tries again. */
  sweep(): Promise<number> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<number> {
    let total = 0;
    try {
      const hours = await this.hours();
      if (hours === 0) return 0;
      for (;;) {
        const queued = await this.queueBatch(hours);
        total += queued;
        if (queued < this.config.reminderBatchSize) break;
      }
    } catch (error) {
      this.logger.warn(`Barrido de recordatorios fallido: ${(error as Error).message}`);
    }
    return total;
  }

  /** ReminderHoursBeforeSession; its default when never saved or unreadable. */
  private async hours(): Promise<number> {
    const [row]: { value: string }[] = await this.ds.query(`SELECT value FROM settings WHERE key = $1`, [
      SETTING_KEYS.reminderHoursBeforeSession,
    ]);
    const hours = Number(row?.value);
    return row && Number.isInteger(hours) && hours >= 0 ? hours : REMINDER_HOURS.default;
  }

  /** One batch: the claim and its e-mails and SMS in one transaction (sent once it commits). */
  private async queueBatch(hours: number): Promise<number> {
    return this.ds.transaction(async (m) => {
      const claimed: { id: number }[] = (await m.query(CLAIM, [hours, this.config.reminderBatchSize]))[0];
      const ids = claimed.map((row) => row.id);
      if (!ids.length) return 0;
      await this.emails.record(m, 'Reminder', ids);
      const [{ baseUrl }]: { baseUrl: string }[] = await m.query(
        `SELECT coalesce((SELECT base_url FROM email_settings WHERE id = 1), '') AS "baseUrl"`,
      );
      await this.sms.recordReminder(m, ids, {
        base: (baseUrl || this.config.publicBaseUrl).replace(/\/+$/, ''),
        appSecret: this.config.appSecret,
      });
      return ids.length;
    });
  }
}
