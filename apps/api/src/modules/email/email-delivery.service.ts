import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES, isValidEmail } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobHandler } from '../../queue/job-handler.decorator';
import { type ComposeContext, type OutgoingMessage, type TemplateContent, NotSendable, composeEmail } from './email-composer';
import { EmailOutbox } from './email-outbox';
import { EmailSettingsService, type StoredEmailSettings } from './email-settings.service';
import { SmtpMailer, isPermanentSmtpError, smtpErrorText, withoutAddresses } from './smtp-mailer';

const M = EMAIL_MESSAGES;
/** Messages claimed (and sent in parallel over the pooled connections) per round. */
const BATCH_SIZE = 10;

/** A message is due when pending, its next try has come, and no worker holds an unexpired claim on it. */
const DUE = `status = 0 AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until <= now())`;

/** Delivers the outbox (`email_messages`): the booking engine, the blacklist and notifications record messages
 * as pending in their own transactions; this sends them through SMTP and records sent or failed.
 *
 * - At most one worker sends a message: a worker claims rows with one UPDATE over `FOR UPDATE SKIP LOCKED`,
 *   setting a lease (`claimed_until`) and counting the try. Two workers, a retried job or a second instance
 *   never get the same row while the lease runs. A worker that dies mid-send leaves the lease to expire; the
 *   row is then due again (a crash after the server accepted the message but before it was marked sent would
 *   send it twice: SMTP offers nothing to avoid that).
 * - A failed try is retried after EMAIL_RETRY_BASE_MS, 2x, 4x...; after EMAIL_MAX_ATTEMPTS tries, or a
 *   permanent refusal of the recipient, the message is failed with the server's answer.
 * - While sending is disabled, messages stay pending and go out once it is enabled.
 * - SMTP answers and addresses go to the log table only, never to the application log. */
@Injectable()
export class EmailDeliveryService implements OnApplicationBootstrap {
  private readonly logger = new Logger(EmailDeliveryService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: EmailSettingsService,
    private readonly mailer: SmtpMailer,
    private readonly outbox: EmailOutbox,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval('email-sweep', setInterval(() => void this.sweep(), this.config.emailSweepIntervalMs));
    // Whatever an earlier run left pending.
    this.outbox.kick();
  }

  /** Claims and sends due messages until none is left. Rethrows only database errors (the queue retries the job);
   * SMTP problems are the message's, recorded on its row. */
  @JobHandler('email.dispatch')
  async dispatch(): Promise<void> {
    for (;;) {
      const settings = await this.settings.stored();
      if (!settings.enabled) return;
      const batch = await this.claim();
      if (!batch.length) return;
      const ctx = await this.composeContext(settings, batch);
      await Promise.all(batch.map((msg) => this.deliver(msg, settings, ctx)));
    }
  }

  /** Safety net, every EMAIL_SWEEP_INTERVAL_MS on every instance: when messages are due (a kick was lost while the
   * queue was unreachable, a process died holding a lease that has now expired, a retry job was lost), queue a
   * dispatch. Safe with any number of instances: dispatches only claim what is free. */
  async sweep(): Promise<void> {
    try {
      const [row] = await this.ds.query(
        `SELECT coalesce((SELECT email_enabled FROM email_settings WHERE id = 1), false) AND EXISTS (SELECT 1 FROM email_messages WHERE ${DUE}) AS due`,
      );
      if (row.due) this.outbox.kick();
    } catch (error) {
      this.logger.warn(`Barrido de emails fallido: ${(error as Error).message}`);
    }
  }

  /** POST /api/email/test: one message now, with the saved settings, answering the SMTP server's refusal as a 502.
   * Logged like every message (type Test). */
  async sendTest(testEmail: string | undefined): Promise<{ message: string }> {
    const to = testEmail?.trim() ?? '';
    if (!to) throw AppError.field('testEmail', M.testEmailRequired);
    if (!isValidEmail(to)) throw AppError.field('testEmail', M.testEmailInvalid);
    const settings = await this.settings.stored();
    if (!settings.enabled) throw new AppError(409, 'EMAIL_DISABLED', M.disabled);
    let error: string | null = null;
    try {
      await this.mailer.send(settings, {
        to,
        subject: 'Email de prueba',
        text: 'Este es un email de prueba de la configuración SMTP de inscripciones. Si lo has recibido, el envío funciona.',
        html: '<p>Este es un email de prueba de la configuración SMTP de inscripciones.</p><p>Si lo has recibido, el envío funciona.</p>',
      });
    } catch (e) {
      error = smtpErrorText(e);
    }
    await this.ds.query(
      `INSERT INTO email_messages (email_type, email_address, status, error_message, attempts, sent_at) VALUES ('Test', $1, $2::smallint, $3, 1, CASE WHEN $2::smallint = 1 THEN now() END)`,
      [to, error === null ? 1 : 2, error],
    );
    // A 5xx is written to the application log: the server's answer goes there without addresses.
    if (error !== null) throw new AppError(502, 'SMTP_ERROR', M.smtpFailed(withoutAddresses(error)));
    return { message: M.testSent(to) };
  }

  private async claim(): Promise<OutgoingMessage[]> {
    return this.ds.query(
      `WITH c AS (
         UPDATE email_messages SET claimed_until = now() + make_interval(secs => $1::float8 / 1000), attempts = attempts + 1
          WHERE id IN (SELECT id FROM email_messages WHERE ${DUE} ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING *)
       SELECT c.id::int, c.email_type AS "emailType", c.registration_id AS "registrationId", c.email_address AS "emailAddress",
              c.recipient_name AS "recipientName", c.data, c.attempts, r.first_name AS "firstName",
              e.title AS "eventTitle", e.place, e.address, e.city, e.time_zone AS "timeZone",
              s.starts_at AS "startsAt", s.ends_at AS "endsAt", s.is_all_day AS "isAllDay",
              to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
              s.ends_at <= now() AS "sessionEnded"
         FROM c
         LEFT JOIN registrations r ON r.id = c.registration_id
         LEFT JOIN event_sessions s ON s.id = c.session_id
         LEFT JOIN events e ON e.id = coalesce(c.event_id, s.event_id)
        ORDER BY c.id`,
      [this.config.emailLeaseMs, BATCH_SIZE],
    );
  }

  private async composeContext(settings: StoredEmailSettings, batch: OutgoingMessage[]): Promise<ComposeContext> {
    const named = batch.map((m) => m.data.templateId).filter((id): id is number => typeof id === 'number');
    const rows: (TemplateContent & { id: number; templateType: number; isActive: boolean })[] = await this.ds.query(
      `SELECT id, template_type AS "templateType", is_active AS "isActive", subject, html_content AS "htmlContent", plain_text_content AS "plainTextContent"
         FROM email_templates WHERE is_active OR id = ANY($1::int[])`,
      [named],
    );
    return {
      activeTemplates: new Map(rows.filter((t) => t.isActive).map((t) => [t.templateType, t])),
      templatesById: new Map(rows.map((t) => [t.id, t])),
      baseUrl: this.settings.linkBase(settings),
      appSecret: this.config.appSecret,
    };
  }

  private async deliver(msg: OutgoingMessage, settings: StoredEmailSettings, ctx: ComposeContext): Promise<void> {
    let email;
    try {
      email = composeEmail(msg, ctx);
    } catch (error) {
      return this.fail(msg.id, error instanceof NotSendable ? error.message : M.renderFailed((error as Error).message));
    }
    try {
      await this.mailer.send(settings, email);
    } catch (error) {
      return this.afterSendError(msg, error);
    }
    await this.ds.query(`UPDATE email_messages SET status = 1, sent_at = now(), claimed_until = NULL, error_message = NULL WHERE id = $1`, [msg.id]);
  }

  private async afterSendError(msg: OutgoingMessage, error: unknown): Promise<void> {
    const reason = smtpErrorText(error);
    if (isPermanentSmtpError(error) || msg.attempts >= this.config.emailMaxAttempts) return this.fail(msg.id, reason);
    const delayMs = this.config.emailRetryBaseMs * 2 ** (msg.attempts - 1);
    await this.ds.query(
      `UPDATE email_messages SET claimed_until = NULL, error_message = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000) WHERE id = $1`,
      [msg.id, reason, delayMs],
    );
    // Its own job id: the running dispatch holds the common one.
    this.outbox.kick({ delayMs, jobId: `email-retry-${msg.id}-${msg.attempts}` });
  }

  private async fail(id: number, reason: string): Promise<void> {
    await this.ds.query(`UPDATE email_messages SET status = 2, error_message = $2, claimed_until = NULL WHERE id = $1`, [id, reason]);
  }
}
