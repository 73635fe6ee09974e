import { BLACKLIST_REASONS, SMS_MESSAGES } from '@evreg/contracts';
import { EntityManager } from 'typeorm';
import type { SmsIntent } from './record-sms';
import { smsEnabled } from './sms-settings.service';

const day = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The SMS telling a person they are on the blacklist. Plain ASCII on purpose: it stays in GSM-7, one part. */
export function blacklistSmsText(expiresAt: Date, reason: number): string {
  const label = BLACKLIST_REASONS.find((r) => r.value === reason)?.label ?? String(reason);
  return `Aviso: sus inscripciones a nuestros eventos quedan bloqueadas hasta el ${day.format(expiresAt)}. Motivo: ${label}.`;
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
  },
): Promise<SmsIntent> {
  return {
    type: 'Blacklist',
    phoneNumber: entry.phoneNumber,
    message: blacklistSmsText(entry.expiresAt, entry.reason),
    registrationId: entry.registrationId,
    eventId: entry.eventId,
    sessionId: entry.sessionId,
    email: entry.email,
    error: (await smsEnabled(m)) ? undefined : SMS_MESSAGES.disabled,
  };
}
