import { notificationSmsText } from '@evreg/contracts';
import type { EntityManager } from 'typeorm';
import type { SmsIntent } from './record-sms';
import { smsRecipients } from './sms-recipients';
import { SMS_TEXTS, smsTextsFor } from './sms-texts';

/** The promotion SMS (docs/domain.md: "and an SMS if SMS is enabled and a phone is known"). Plain GSM-7 text, the
 * event's title, date and time added like a notification's, so it stays within one 160-character part. In the person's
 * booking language (sms-texts.ts). */
export const PROMOTION_SMS_TEXT = SMS_TEXTS.es.promotion;

/** The SMS to record, in the promotion's transaction: one per promoted person with a phone, when SMS is enabled.
 * With SMS disabled nothing is recorded (the Promotion e-mail is the message of record). */
export async function promotionSmsIntents(m: EntityManager, registrationIds: number[]): Promise<SmsIntent[]> {
  if (!registrationIds.length) return [];
  // Under the session lock the promotion holds.
  const people = await smsRecipients(m, registrationIds);
  return people.map((p) => ({
    type: 'Promotion' as const,
    phoneNumber: p.phone,
    message: notificationSmsText(smsTextsFor(p.language).promotion, p),
    registrationId: p.id,
    eventId: p.eventId,
    sessionId: p.sessionId,
    email: p.email,
  }));
}
