import { BLACKLIST_REASONS, SMS_MESSAGES, type VisitorLanguage } from '@evreg/contracts';
import { blacklistReasonText, personText } from '../../common/person-texts';
import { EntityManager } from 'typeorm';
import type { SmsIntent } from './record-sms';
import { smsEnabled } from './sms-settings.service';

const day = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The SMS telling a person they are on the blacklist, in their booking language (catalog `visitorSms.blacklist`;
 * the date numeric, as every SMS's). The Spanish one is plain ASCII on purpose: it stays in GSM-7, one part; another
 * language's accents make it UCS-2, counted and costed as such. */
export function blacklistSmsText(expiresAt: Date, reason: number, language: VisitorLanguage = 'es'): string {
  const label = BLACKLIST_REASONS.find((r) => r.value === reason)?.label ?? String(reason);
  return personText(language, 'visitorSms.blacklist', {
    until: day.format(expiresAt),
    reason: blacklistReasonText(reason, language, label),
  });
}

/** The blacklist SMS to record in the blacklist entry's transaction. With SMS disabled it is recorded failed
 * ('El envío de SMS está deshabilitado...'): the entry still blocks, and the SMS log shows the person wasn't told. */
export async function blacklistSmsIntent(
  m: EntityManager,
  entry: {
    registrationId: number;
    eventId: number;
    sessionId: number;
    email: string;
    phoneNumber: string;
    expiresAt: Date;
    reason: number;
    /** The person's booking language. */
    language: VisitorLanguage;
  },
): Promise<SmsIntent> {
  return {
    type: 'Blacklist',
    phoneNumber: entry.phoneNumber,
    message: blacklistSmsText(entry.expiresAt, entry.reason, entry.language),
    registrationId: entry.registrationId,
    eventId: entry.eventId,
    sessionId: entry.sessionId,
    email: entry.email,
    error: (await smsEnabled(m)) ? undefined : SMS_MESSAGES.disabled,
  };
}
