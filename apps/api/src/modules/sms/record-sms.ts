import { SMS_MESSAGES, smsCost, smsSize } from '@evreg/contracts';
import { EntityManager } from 'typeorm';
import { OUTBOX_STATUS } from '../../outbox/outbox-status';
import { netelipDestination } from './phone';

/** One SMS to send, as its cause records it. */
export interface SmsIntent {
  type: 'Notification' | 'Blacklist' | 'Promotion' | 'Reminder';
  phoneNumber: string;
  message: string;
  registrationId?: number | null;
  eventId?: number | null;
  sessionId?: number | null;
  /** The recipient's e-mail, when known: a GDPR erasure finds their SMS by it. */
  email?: string | null;
  /** Known not to be deliverable (e.g. SMS disabled): recorded failed with this error, for the log. */
  error?: string;
}

export interface RecordedSms {
  id: number;
  status: number;
  cost: number;
  error: string | null;
}

/** Inserts SMS in the caller's transaction (SmsOutbox.record, which wakes the sender after the commit). Each is
 * pending with its estimated cost (parts × 0.10); one that can't be delivered (a number that can't take an SMS, or
 * `error` given) is inserted failed at once, so the log shows who was not reached. `sentByUserId` names the staff
 * member in the log ('Sistema' without one). */
export async function insertSms(
  m: EntityManager,
  intents: SmsIntent[],
  sentByUserId: string | null,
): Promise<RecordedSms[]> {
  if (!intents.length) return [];
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('SMS are recorded inside a transaction');
  const rows = intents.map((intent) => {
    const parts = smsSize(intent.message).parts;
    const error = intent.error ?? (netelipDestination(intent.phoneNumber) === null ? SMS_MESSAGES.phoneInvalid : null);
    return {
      ...intent,
      parts,
      status: error ? OUTBOX_STATUS.Failed : OUTBOX_STATUS.Pending,
      cost: error ? 0 : smsCost(parts),
      error,
    };
  });
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key] ?? null);
  const inserted: { id: string }[] = await m.query(
    `INSERT INTO sms_messages (sms_type, registration_id, event_id, session_id, email, phone_number, message, parts, cost, status, error_message, sent_by, sent_by_user_id)
     SELECT r.sms_type, r.registration_id, r.event_id, r.session_id, r.email, r.phone_number, r.message, r.parts, r.cost, r.status, r.error_message,
            coalesce((SELECT coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) FROM users u WHERE u.id = $12), 'Sistema'), $12
       FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::numeric[], $10::int[], $11::text[])
            WITH ORDINALITY AS r(sms_type, registration_id, event_id, session_id, email, phone_number, message, parts, cost, status, error_message, n)
      ORDER BY r.n
     RETURNING id::text`,
    [
      column('type'),
      column('registrationId'),
      column('eventId'),
      column('sessionId'),
      column('email'),
      column('phoneNumber'),
      column('message'),
      column('parts'),
      column('cost'),
      column('status'),
      column('error'),
      sentByUserId,
    ],
  );
  // Ids come from one sequence in insertion order.
  const ids = inserted.map((row) => Number(row.id)).sort((x, y) => x - y);
  return ids.map((id, i) => ({ id, status: rows[i].status, cost: rows[i].cost, error: rows[i].error }));
}
