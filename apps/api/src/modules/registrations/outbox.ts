import { EntityManager } from 'typeorm';

export type EmailType = 'Registration' | 'Queue' | 'Promotion' | 'Cancellation';

/** Records the e-mails a booking change causes, in the caller's transaction: they exist if and only if the
 * change committed. The mail sender delivers them later (pending → sent/failed). */
export async function recordEmails(
  m: EntityManager,
  type: EmailType,
  registrationIds: number[],
  extra: (id: number) => Record<string, unknown> = () => ({}),
): Promise<void> {
  if (!registrationIds.length) return;
  const data = registrationIds.map((id) => JSON.stringify(extra(id)));
  await m.query(
    `INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
     SELECT $1, r.id, s.event_id, r.session_id, r.email, r.first_name || ' ' || r.last_name, r.user_tax_id, d.data::jsonb
       FROM unnest($2::int[], $3::text[]) AS d(id, data)
       JOIN registrations r ON r.id = d.id
       JOIN event_sessions s ON s.id = r.session_id`,
    [type, registrationIds, data],
  );
}
