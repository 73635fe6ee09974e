import { EntityManager } from 'typeorm';
import { cancellationToken } from '../registrations/cancel-token';
import { notificationSmsText } from '../notifications/sms-text';
import { recordSms } from './sms-outbox';

/** The reminder SMS (docs/domain.md, "Reminders"): the event's title, date and time added like a notification's,
 * then the cancellation link, which frees the seat for the waiting list. Plain GSM-7 text (the link's token is
 * letters, digits, '-' and '_'). */
export const REMINDER_SMS_TEXT = 'Recordatorio: tiene plaza en';
export const REMINDER_SMS_CANCEL = 'Si no puede asistir, libere su plaza:';

/** Records, in the reminder's transaction, one SMS per reminded person with a phone, when SMS is enabled; nothing
 * while it is disabled (the e-mail is the message of record). `linkBase`: the links' base without a trailing
 * slash, as e-mails use (the e-mail settings' base URL, else PUBLIC_BASE_URL). */
export async function recordReminderSms(
  m: EntityManager,
  registrationIds: number[],
  link: { base: string; appSecret: string },
): Promise<void> {
  if (!registrationIds.length) return;
  const people: {
    id: number;
    phone: string;
    email: string;
    eventId: number;
    sessionId: number;
    eventTitle: string;
    startDate: string;
    startTime: string;
    isAllDay: boolean;
  }[] = await m.query(
    `SELECT r.id, r.telephone_number AS phone, r.email, s.event_id AS "eventId", s.id AS "sessionId", e.title AS "eventTitle",
            to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI') AS "startTime", s.is_all_day AS "isAllDay"
       FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
      WHERE r.id = ANY($1::int[]) AND nullif(trim(r.telephone_number), '') IS NOT NULL
        AND coalesce((SELECT sms_enabled FROM sms_settings WHERE id = 1), false)
      ORDER BY r.id`,
    [registrationIds],
  );
  await recordSms(
    m,
    people.map((p) => ({
      type: 'Reminder' as const,
      phoneNumber: p.phone,
      message:
        `${notificationSmsText(REMINDER_SMS_TEXT, p)}\n` +
        `${REMINDER_SMS_CANCEL} ${link.base}/cancel?token=${cancellationToken(link.appSecret, p.id)}`,
      registrationId: p.id,
      eventId: p.eventId,
      sessionId: p.sessionId,
      email: p.email,
    })),
    null,
  );
}
