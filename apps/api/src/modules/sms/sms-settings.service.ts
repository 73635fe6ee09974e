import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SMS_MESSAGES, SmsSettings } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { openSecret, sealSecret } from '../../common/crypto/secret-box';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { UpdateSmsSettingsDto } from './dto/sms.dto';

const M = SMS_MESSAGES;

/** What delivery needs: the settings with the token opened, or why nothing can be sent. */
export type SmsSender = { ok: true; senderName: string; token: string } | { ok: false; error: string };

interface SettingsRow {
  smsEnabled: boolean;
  senderName: string;
  sealedToken: string | null;
}

/** Whether SMS can be sent now, read in the caller's transaction. */
export async function smsEnabled(db: DataSource | EntityManager): Promise<boolean> {
  const [row]: { enabled: boolean }[] = await db.query(`SELECT sms_enabled AS enabled FROM sms_settings WHERE id = 1`);
  return row?.enabled === true;
}

/** The one row of SMS settings. The Netelip token is sealed with APP_SECRET (common/crypto/secret-box) and never
 * leaves the server: reads answer only whether one is stored. */
@Injectable()
export class SmsSettingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(): Promise<SmsSettings> {
    const row = await this.row(this.ds);
    return { smsEnabled: row.smsEnabled, senderName: row.senderName, hasToken: row.sealedToken !== null };
  }

  /** An empty or absent token keeps the stored one. Enabling needs a sender and a token (sent now or stored). */
  async update(dto: UpdateSmsSettingsDto): Promise<SmsSettings> {
    await this.ds.transaction(async (m) => {
      const current = await this.row(m, true);
      const token = dto.netelipToken?.trim() || null;
      const errors: Record<string, string[]> = {};
      if (dto.smsEnabled && !dto.senderName) errors.senderName = [M.senderRequired];
      if (dto.smsEnabled && !token && current.sealedToken === null) errors.netelipToken = [M.tokenRequired];
      if (Object.keys(errors).length) throw AppError.validation(errors);
      await m.query(
        `UPDATE sms_settings SET sms_enabled = $1, sender_name = $2, netelip_token_sealed = coalesce($3, netelip_token_sealed), updated_at = now() WHERE id = 1`,
        [dto.smsEnabled, dto.senderName, token === null ? null : sealSecret(this.config.appSecret, token)],
      );
    });
    return this.get();
  }

  /** For delivery, read at each send so a change applies to messages still pending. */
  async sender(): Promise<SmsSender> {
    const row = await this.row(this.ds);
    if (!row.smsEnabled) return { ok: false, error: M.disabled };
    if (!row.senderName) return { ok: false, error: M.noSender };
    if (row.sealedToken === null) return { ok: false, error: M.noToken };
    try {
      return { ok: true, senderName: row.senderName, token: openSecret(this.config.appSecret, row.sealedToken) };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  private async row(db: DataSource | EntityManager, forUpdate = false): Promise<SettingsRow> {
    const [row]: SettingsRow[] = await db.query(
      `SELECT sms_enabled AS "smsEnabled", sender_name AS "senderName", netelip_token_sealed AS "sealedToken"
         FROM sms_settings WHERE id = 1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    );
    return row;
  }
}
