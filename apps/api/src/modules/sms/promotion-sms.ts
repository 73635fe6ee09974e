import { EntityManager } from 'typeorm';
import { notificationSmsText } from '../notifications/sms-text';
import { recordSms } from './sms-outbox';

/** The promotion SMS (docs/domain.md: "and an SMS if SMS is enabled and a phone is known"). Plain GSM-7 text, the
 * event's title, date and time added like a notification's, so it stays within one 160-character part. */
export const PROMOTION_SMS_TEXT = 'Buenas noticias: ya tiene plaza. Ha pasado de la lista de espera a inscrito en';

/** Records, in the promotion's transaction, one SMS per promoted person with a phone, when SMS is enabled.
 * With SMS disabled nothing is recorded (the Promotion e-mail is the message of record). */
export async function recordPromotionSms(m: EntityManager, registrationIds: number[]): Promise<void> {
  if (!registrationIds.length) return;
  // One round trip, under the session lock the promotion holds: the people to tell, none while SMS is disabled.
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
      type: 'Promotion' as const,
      phoneNumber: p.phone,
      message: notificationSmsText(PROMOTION_SMS_TEXT, p),
      registrationId: p.id,
      eventId: p.eventId,
      sessionId: p.sessionId,
      email: p.email,
    })),
    null,
  );
}
