import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES, isValidEmail, isVisitorLanguage, type VisitorLanguage } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { LeaseHeartbeat } from '../../outbox/lease-heartbeat';
import { OUTBOX_STATUS, dueSql } from '../../outbox/outbox-status';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { SenderPool } from '../../outbox/sender-pool';
import { JobHandler } from '../../queue/job-handler.decorator';
import {
  type ComposeContext,
  type OutgoingMessage,
  type TemplateContent,
  NotSendable,
  TEMPLATE_TYPE,
  composeEmail,
  withTicketImage,
} from './email-composer';
import { EmailSettingsService, type StoredEmailSettings } from './email-settings.service';
import {
  SMTP_POOL_CONNECTIONS,
  SmtpMailer,
  isPermanentSmtpError,
  smtpErrorText,
  withoutAddresses,
} from './smtp-mailer';

const M = EMAIL_MESSAGES;
/** Senders per process, each claiming one message at a time right before handing it to its own pooled SMTP
 * connection: all a process holds is what is on the wire, so a killed worker can send at most this many twice. */
export const EMAIL_SENDERS = SMTP_POOL_CONNECTIONS;

/** A message is due when pending, its next try has come, and no worker holds an unexpired claim on it. */
const DUE = dueSql();
const { Sent, Failed } = OUTBOX_STATUS;

/** Delivers the outbox (`email_messages`): the booking engine, the blacklist and notifications record messages
 * as pending in their own transactions; this sends them through SMTP and records sent or failed.
 *
 * - At most one worker sends a message: a worker claims a row with one UPDATE over `FOR UPDATE SKIP LOCKED`,
 *   setting a lease (`claimed_until`, EMAIL_LEASE_MS) and counting the try, and renews the lease while the send
 *   goes on. Two workers, a retried job or a second instance never get the same row while the lease runs.
 * - A worker that dies mid-send stops renewing: its rows are due again within one lease, and the outbox kit's
 *   sweep (every EMAIL_SWEEP_INTERVAL_MS) queues a dispatch for the moment they are. A crash after the server accepted a message but before it was marked sent
 *   sends it twice (SMTP has no idempotency): a process holds only the EMAIL_SENDERS messages it is sending, and
 *   each message's Message-ID comes from its row, the same on every try, so mail clients show one copy.
 * - A failed try is retried after EMAIL_RETRY_BASE_MS, 2x, 4x...; after EMAIL_MAX_ATTEMPTS tries, or a
 *   permanent refusal of the recipient, the message is failed with the server's answer.
 * - While sending is disabled, messages stay pending and go out once it is enabled.
 * - SMTP answers and addresses go to the log table only, never to the application log. */
@Injectable()
export class EmailDeliveryService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EmailDeliveryService.name);
  private readonly lease: LeaseHeartbeat;
  /** The senders of this process (outbox/sender-pool.ts), joined by every dispatch that arrives while they run. */
  private readonly pool = new SenderPool(EMAIL_SENDERS, () => this.sender());
  /** Set when the process is stopping: senders finish the message in hand and claim no other. */
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: EmailSettingsService,
    private readonly mailer: SmtpMailer,
    private readonly outboxes: OutboxRegistry,
  ) {
    this.lease = new LeaseHeartbeat(ds, 'email_messages', config.emailLeaseMs, (error) =>
      this.logger.warn(`No se pudo renovar la reserva de los emails en envío: ${error.message}`),
    );
  }

  /** The e-mail channel of the outbox kit: woken after the commits that record messages, swept every
   * EMAIL_SWEEP_INTERVAL_MS (nothing while sending is disabled). */
  onModuleInit(): void {
    this.outboxes.register({
      name: 'email',
      table: 'email_messages',
      dispatch: 'pooled',
      job: 'email.dispatch',
      due: DUE,
      enabled: `coalesce((SELECT email_enabled FROM email_settings WHERE id = 1), false)`,
      sweepIntervalMs: this.config.emailSweepIntervalMs,
    });
  }

  /** Before the queue waits for its running jobs: a stop (a deploy's SIGTERM) then takes one send, not the whole
   * backlog, and an orchestrator's SIGKILL after its grace period finds nothing held. */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  /** Sends due messages until none is left, with EMAIL_SENDERS senders in this process however many dispatch jobs
   * run at once: a dispatch arriving meanwhile joins the run (which then looks once more for due messages).
   * Rethrows only database errors (the queue retries the job); SMTP problems are the message's, recorded on its row. */
  @JobHandler('email.dispatch')
  async dispatch(): Promise<void> {
    return this.pool.dispatch();
  }

  /** One message at a time: claimed right before it is sent, its lease renewed while it is on the wire. A message
   * the server accepted is recorded sent by the statement that claims the next one (templates and the settings'
   * version come with the claim), so a message costs one query and the SMTP connection hardly waits. */
  private async sender(): Promise<void> {
    let settings: StoredEmailSettings | null = null;
    let sent: number | null = null;
    for (;;) {
      const [msg] = await this.claim(sent, !this.stopping);
      sent = null;
      if (!msg) return;
      if (settings?.version !== msg.settingsVersion) settings = await this.settings.stored();
      const current = settings;
      const ctx = this.composeContext(current, msg);
      if (await this.lease.hold(msg.id, () => this.deliver(inItsLanguage(msg, ctx), current, ctx))) sent = msg.id;
    }
  }

  /** POST /api/email/test: one message now, with the saved settings, answering the SMTP server's refusal as a 502.
   * Logged like every message (type Test). */
  async sendTest(testEmail: string | undefined): Promise<{ message: string }> {
    const to = testEmail?.trim() ?? '';
    if (!to) throw AppError.field('testEmail', M.testEmailRequired);
    if (!isValidEmail(to)) throw AppError.field('testEmail', M.testEmailInvalid);
    const settings = await this.settings.stored();
    if (!settings.enabled) throw new AppError('EMAIL_DISABLED', M.disabled);
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
      `INSERT INTO email_messages (email_type, email_address, status, error_message, attempts, sent_at) VALUES ('Test', $1, $2::smallint, $3, 1, CASE WHEN $2::smallint = ${Sent} THEN now() END)`,
      [to, error === null ? Sent : Failed, error],
    );
    // A 5xx is written to the application log: the server's answer goes there without addresses.
    if (error !== null) throw new AppError('SMTP_ERROR', M.smtpFailed(withoutAddresses(error)));
    return { message: M.testSent(to) };
  }

  /** Records `sent` (the message this sender just handed over) as sent, and claims the next due message (if
   * `next`) while sending is enabled, with the templates it may use (the active ones and the one a notification names) read in
   * the same statement, so it is composed with what was current then. */
  private async claim(sent: number | null, next = true): Promise<ClaimedMessage[]> {
    return this.ds.query(
      `WITH done AS (UPDATE email_messages SET status = ${Sent}, sent_at = now(), claimed_until = NULL, error_message = NULL WHERE id = $2::bigint),
       c AS (
         UPDATE email_messages SET claimed_until = now() + make_interval(secs => $1::float8 / 1000), attempts = attempts + 1
          WHERE id IN (SELECT id FROM email_messages
                        WHERE ${DUE} AND (SELECT email_enabled FROM email_settings WHERE id = 1)
                        ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING *)
       SELECT c.id::int, c.email_type AS "emailType", c.registration_id AS "registrationId", c.email_address AS "emailAddress",
              c.recipient_name AS "recipientName", c.data, c.attempts, r.first_name AS "firstName",
              r.state AS "registrationState", r.ticket_secret AS "ticketSecret", r.language,
              to_char(c.created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS "createdStamp",
              e.title AS "eventTitle", nullif(trim(e.translations -> coalesce(r.language, c.data->>'language') ->> 'title'), '') AS "translatedTitle", e.place, e.address, e.city, e.time_zone AS "timeZone",
              e.organizer_name AS "organizerName", e.organizer_email AS "organizerEmail",
              e.organizer_phone AS "organizerPhone", e.organizer_website AS "organizerWebsite",
              s.starts_at AS "startsAt", s.ends_at AS "endsAt", s.is_all_day AS "isAllDay",
              to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
              s.ends_at <= now() AS "sessionEnded",
              (SELECT version FROM email_settings WHERE id = 1) AS "settingsVersion",
              (SELECT coalesce(json_agg(json_build_object('id', t.id, 'templateType', t.template_type, 'isActive', t.is_active, 'subject', t.subject,
                                                          'htmlContent', t.html_content, 'plainTextContent', t.plain_text_content, 'language', t.language)), '[]')
                 FROM email_templates t
                WHERE (t.is_active AND t.language IN ('es', r.language)) OR (jsonb_typeof(c.data->'templateId') = 'number' AND t.id = (c.data->>'templateId')::numeric)) AS templates
         FROM c
         LEFT JOIN registrations r ON r.id = c.registration_id
         LEFT JOIN event_sessions s ON s.id = c.session_id
         LEFT JOIN events e ON e.id = coalesce(c.event_id, s.event_id)
        ORDER BY c.id`,
      [this.config.emailLeaseMs, sent, next ? 1 : 0],
    );
  }

  /** The active template of each type in the message's language, the Spanish one where staff wrote none. */
  private composeContext(settings: StoredEmailSettings, msg: ClaimedMessage): ComposeContext {
    const rows = msg.templates;
    const active = rows.filter((t) => t.isActive && t.language === 'es');
    if (msg.language && msg.language !== 'es')
      active.push(...rows.filter((t) => t.isActive && t.language === msg.language));
    return {
      activeTemplates: new Map(active.map((t) => [t.templateType, t])),
      templatesById: new Map(rows.map((t) => [t.id, t])),
      baseUrl: this.settings.linkBase(settings),
      appSecret: this.config.appSecret,
    };
  }

  /** True when the server accepted the message (recorded by the sender's next claim); any other outcome is
   * recorded here. */
  private async deliver(msg: ClaimedMessage, settings: StoredEmailSettings, ctx: ComposeContext): Promise<boolean> {
    let email;
    try {
      email = await withTicketImage(composeEmail(msg, ctx));
    } catch (error) {
      await this.fail(msg.id, error instanceof NotSendable ? error.message : M.renderFailed((error as Error).message));
      return false;
    }
    try {
      await this.mailer.send(settings, { ...email, messageId: messageIdFor(msg, settings.fromAddress, ctx.baseUrl) });
      return true;
    } catch (error) {
      await this.afterSendError(msg, error);
      return false;
    }
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
    this.outboxes.kick('email', { delayMs, jobId: `email-retry-${msg.id}-${msg.attempts}` });
  }

  private async fail(id: number, reason: string): Promise<void> {
    await this.ds.query(
      `UPDATE email_messages SET status = ${Failed}, error_message = $2, claimed_until = NULL WHERE id = $1`,
      [id, reason],
    );
  }
}

type ClaimedMessage = OutgoingMessage & {
  /** The event's title in the registration's language (a refused registration's notice: the language in its
   * data), when the event has one. */
  translatedTitle: string | null;
  createdStamp: string;
  settingsVersion: number;
  templates: (TemplateContent & { id: number; templateType: number; isActive: boolean; language: string })[];
};

/** The messages written wholly in code (docs/domain.md, "Idiomas: datos"): in the person's language. */
const WRITTEN_IN_CODE = new Set(['Cancellation', 'Blacklist']);

/** The message in the language of the text it will be written with (docs/domain.md, "Idiomas: datos"): the
 * person's booking language when the template used is in it (an active template of its type in that language, or
 * the template a notification names) or when the code writes the whole message (a cancellation, a blacklist
 * notice); Spanish otherwise (a Spanish template as the fallback, a notification's own message as staff wrote it).
 * Dates, the event's title and the lines the code adds (organiser, ticket, calendar) follow, so a Spanish text never
 * carries a Catalan date, title or footer. */
function inItsLanguage(msg: ClaimedMessage, ctx: ComposeContext): ClaimedMessage {
  // A refused registration's blacklist notice has no registration: the refused request's language is in its data.
  const booked = msg.language ?? msg.data.language;
  const wanted: VisitorLanguage = isVisitorLanguage(booked) ? booked : 'es';
  const templateId = msg.data.templateId;
  const type = TEMPLATE_TYPE[msg.emailType];
  let language: VisitorLanguage = 'es';
  if (typeof templateId === 'number') {
    const named = msg.templates.find((t) => t.id === templateId)?.language;
    language = isVisitorLanguage(named) ? named : 'es';
  } else if (type !== undefined && wanted !== 'es') {
    const used = ctx.activeTemplates.get(type) as { language?: string } | undefined;
    language = used?.language === wanted ? wanted : 'es';
  } else if (WRITTEN_IN_CODE.has(msg.emailType)) {
    language = wanted;
  }
  const eventTitle = language !== 'es' && msg.translatedTitle ? msg.translatedTitle : msg.eventTitle;
  return { ...msg, language, bookedLanguage: wanted, eventTitle };
}

/** The Message-ID of an outbox row: the same on every try of the row (a re-send after a crash, a retry, a resend
 * from the log), so mail clients keep one copy; the row's creation instant makes it unique across databases.
 * The domain is the sender's, as nodemailer's own ids use (else the links' host). */
function messageIdFor(msg: ClaimedMessage, fromAddress: string, baseUrl: string): string {
  const hash = createHash('sha256').update(`${msg.id}:${msg.createdStamp}`).digest('hex').slice(0, 16);
  const domain =
    /@([^@\s<>]+)$/.exec(fromAddress)?.[1]?.toLowerCase() ??
    (URL.canParse(baseUrl) ? new URL(baseUrl).hostname : 'localhost');
  return `<email-${msg.id}.${hash}@${domain}>`;
}
