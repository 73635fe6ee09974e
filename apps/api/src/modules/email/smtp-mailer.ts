import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { type SendMailOptions, type Transporter, createTransport } from 'nodemailer';
import { openSecret } from '../../common/crypto/secret-box';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { StoredEmailSettings } from './email-settings.service';
import { traced } from '../../observability/tracing';

/** Connections each process keeps open to the SMTP server; the e-mail senders are as many (EMAIL_SENDERS). */
export const SMTP_POOL_CONNECTIONS = 3;

/** Thrown when the SMTP password can't be read back (APP_SECRET changed): a configuration problem, said plainly. */
export class SmtpConfigError extends Error {}

/** Sends through the SMTP server of the stored settings. The pooled transport is built once per settings
 * version and rebuilt when the version changes, so every instance follows a change made on any of them (each
 * send reads the version from the database). */
@Injectable()
export class SmtpMailer implements OnApplicationShutdown {
  private current: { version: number; transport: Transporter } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(settings: StoredEmailSettings, mail: Omit<SendMailOptions, 'from'>): Promise<void> {
    // A span of the booking's trace when tracing is on (no address in it).
    await traced('email.send', { 'messaging.system': 'smtp' }, () =>
      this.transportFor(settings).sendMail({
        ...mail,
        from: { name: settings.fromName, address: settings.fromAddress },
      }),
    );
  }

  onApplicationShutdown(): void {
    this.current?.transport.close();
    this.current = null;
  }

  private transportFor(s: StoredEmailSettings): Transporter {
    if (this.current?.version === s.version) return this.current.transport;
    let pass: string;
    try {
      pass = s.passwordSealed ? openSecret(this.config.appSecret, s.passwordSealed) : '';
    } catch {
      throw new SmtpConfigError(
        'No se pudo descifrar la contraseña SMTP guardada (¿ha cambiado APP_SECRET?): vuelva a introducirla',
      );
    }
    const timeout = this.config.smtpTimeoutMs;
    const transport = createTransport({
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      host: s.host,
      port: s.port,
      // "Use SSL" means an encrypted connection is required: TLS from the start on 465, STARTTLS elsewhere (587).
      // Off: STARTTLS is still tried when offered, falling back to plain text if the upgrade fails.
      secure: s.useSsl && s.port === 465,
      requireTLS: s.useSsl && s.port !== 465,
      opportunisticTLS: !s.useSsl,
      auth: s.username ? { user: s.username, pass } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    // Messages already handed to the previous transport finish on it; it closes once idle.
    const previous = this.current?.transport;
    if (previous) setTimeout(() => previous.close(), timeout).unref();
    this.current = { version: s.version, transport };
    return transport;
  }
}

/** The SMTP server's answer or the connection problem, explained in Spanish (smtp-error-text.ts). */
export { smtpErrorText } from './smtp-error-text';

/** The text with e-mail addresses masked: for answers that end up in the application log (a 5xx is logged). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[dirección]');
}

/** A rejection that retrying can't fix: the server refused the recipient for good (5xx on RCPT TO). */
export function isPermanentSmtpError(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}
