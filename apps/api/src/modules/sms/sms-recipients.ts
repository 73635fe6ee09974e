import { EntityManager } from 'typeorm';

/** A registration an SMS about its session can go to, with what the text names. */
export interface SmsRecipient {
  id: number;
  phone: string;
  email: string;
  eventId: number;
  sessionId: number;
  eventTitle: string;
  startDate: string;
  startTime: string;
  isAllDay: boolean;
  /** The language they booked in; eventTitle is already in it (Spanish where the event has no translation). */
  language: string;
}

/** Of these registrations, those with a phone, in id order; none while SMS is disabled (the e-mail is then the
 * message of record). One round trip, in the caller's transaction. */
export function smsRecipients(m: EntityManager, registrationIds: number[]): Promise<SmsRecipient[]> {
  return m.query(
    `SELECT r.id, r.telephone_number AS phone, r.email, s.event_id AS "eventId", s.id AS "sessionId", coalesce(nullif(trim(e.translations -> r.language ->> 'title'), ''), e.title) AS "eventTitle", r.language,
            to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI') AS "startTime", s.is_all_day AS "isAllDay"
       FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
      WHERE r.id = ANY($1::int[]) AND nullif(trim(r.telephone_number), '') IS NOT NULL
        AND coalesce((SELECT sms_enabled FROM sms_settings WHERE id = 1), false)
      ORDER BY r.id`,
    [registrationIds],
  );
}
