import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES, EmailSettings } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { sealSecret } from '../../common/crypto/secret-box';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { UpdateEmailSettingsDto } from './dto/email-settings.dto';
import { EmailOutbox } from './email-outbox';

const M = EMAIL_MESSAGES;

/** The settings row as the sender uses it; the password stays sealed until a transport is built. */
export interface StoredEmailSettings {
  enabled: boolean;
  host: string;
  port: number;
  username: string;
  passwordSealed: string | null;
  useSsl: boolean;
  fromAddress: string;
  fromName: string;
  baseUrl: string;
  version: number;
}

const SELECT = `
  SELECT email_enabled AS enabled, smtp_host AS host, smtp_port AS port, smtp_username AS username,
         smtp_password_sealed AS "passwordSealed", smtp_use_ssl AS "useSsl", from_address AS "fromAddress",
         from_name AS "fromName", base_url AS "baseUrl", version
    FROM email_settings WHERE id = 1`;

const text = (value: boolean): 'true' | 'false' => (value ? 'true' : 'false');

@Injectable()
export class EmailSettingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: EmailOutbox,
  ) {}

  async stored(): Promise<StoredEmailSettings> {
    const [row] = await this.ds.query(SELECT);
    return row;
  }

  async get(): Promise<EmailSettings> {
    const s = await this.stored();
    return {
      emailEnabled: text(s.enabled),
      smtpHost: s.host,
      smtpPort: s.port,
      smtpUsername: s.username,
      smtpUseSsl: text(s.useSsl),
      emailFromAddress: s.fromAddress,
      emailFromName: s.fromName,
      baseUrl: s.baseUrl,
      hasSmtpPassword: text(s.passwordSealed !== null),
    };
  }

  /** Omitted fields keep their value; an empty or omitted password keeps the stored one. Turning sending on
   * needs a server and a sender address. Every change bumps the version: each instance rebuilds its transport. */
  async update(dto: UpdateEmailSettingsDto): Promise<EmailSettings> {
    const current = await this.stored();
    const next = {
      enabled: dto.emailEnabled,
      host: dto.smtpHost ?? current.host,
      port: dto.smtpPort ?? current.port,
      username: dto.smtpUsername ?? current.username,
      useSsl: dto.smtpUseSsl ?? current.useSsl,
      fromAddress: dto.emailFromAddress ?? current.fromAddress,
      fromName: dto.emailFromName ?? current.fromName,
      baseUrl: (dto.baseUrl ?? current.baseUrl).replace(/\/+$/, ''),
    };
    if (next.enabled) {
      const errors: Record<string, string[]> = {};
      if (!next.host) errors.smtpHost = [M.smtpHostRequired];
      if (!next.fromAddress) errors.emailFromAddress = [M.fromAddressRequired];
      if (Object.keys(errors).length) throw AppError.validation(errors);
    }
    const password = dto.smtpPassword ? sealSecret(this.config.appSecret, dto.smtpPassword) : null;
    await this.ds.query(
      `UPDATE email_settings
          SET email_enabled = $1, smtp_host = $2, smtp_port = $3, smtp_username = $4, smtp_use_ssl = $5, from_address = $6,
              from_name = $7, base_url = $8, smtp_password_sealed = coalesce($9, smtp_password_sealed),
              version = version + 1, updated_at = now()
        WHERE id = 1`,
      [
        next.enabled,
        next.host,
        next.port,
        next.username,
        next.useSsl,
        next.fromAddress,
        next.fromName,
        next.baseUrl,
        password,
      ],
    );
    // Messages recorded while sending was off (or that waited for a fix) go out now.
    if (next.enabled) this.outbox.kick();
    return this.get();
  }

  /** Where links in e-mails point: the settings' baseUrl, else PUBLIC_BASE_URL (itself http://localhost:PORT
   * when unset). */
  linkBase(settings: Pick<StoredEmailSettings, 'baseUrl'>): string {
    return settings.baseUrl || this.config.publicBaseUrl;
  }
}
