import { notificationSmsText } from '@evreg/contracts';
import type { EntityManager } from 'typeorm';
import { cancellationToken } from '../registrations/cancel-token';
import type { SmsIntent } from './record-sms';
import { smsRecipients } from './sms-recipients';
import { SMS_TEXTS, smsTextsFor } from './sms-texts';

/** The reminder SMS (docs/domain.md, "Reminders"): the event's title, date and time added like a notification's,
 * then the cancellation link, which frees the seat for the waiting list. Plain GSM-7 text (the link's token is
 * letters, digits, '-' and '_'; it carries the booking language, `&lang=`, as the e-mails' links do). */
export const REMINDER_SMS_TEXT = SMS_TEXTS.es.reminder;
export const REMINDER_SMS_CANCEL = SMS_TEXTS.es.reminderCancel;

/** The SMS to record, in the reminder's transaction: one per reminded person with a phone, when SMS is enabled; nothing
 * while it is disabled (the e-mail is the message of record). `linkBase`: the links' base without a trailing
 * slash, as e-mails use (the e-mail settings' base URL, else PUBLIC_BASE_URL). */
export async function reminderSmsIntents(
  m: EntityManager,
  registrationIds: number[],
  link: { base: string; appSecret: string },
): Promise<SmsIntent[]> {
  if (!registrationIds.length) return [];
  const people = await smsRecipients(m, registrationIds);
  return people.map((p) => ({
    type: 'Reminder' as const,
    phoneNumber: p.phone,
    message:
      `${notificationSmsText(smsTextsFor(p.language).reminder, p)}\n` +
      `${smsTextsFor(p.language).reminderCancel} ${link.base}/cancel?token=${cancellationToken(link.appSecret, p.id)}&lang=${p.language}`,
    registrationId: p.id,
    eventId: p.eventId,
    sessionId: p.sessionId,
    email: p.email,
  }));
}
