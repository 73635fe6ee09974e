import { Global, Injectable, Module } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OutboxRegistry } from '../../outbox/outbox.registry';

declare module '../../queue/job-map' {
  interface JobMap {
    /** Sends every due pending e-mail (EmailDeliveryService.dispatch). */
    'email.dispatch': Record<string, never>;
  }
}

/** The e-mails recorded for registrations: those a booking change causes, and staff notifications. */
export type EmailType = 'Registration' | 'Queue' | 'Promotion' | 'Reminder' | 'Cancellation' | 'Notification';
/** Every type the outbox writes: those above and the blacklist notice. */
export type OutboxEmailType = EmailType | 'Blacklist';

/** The INSERT of one pending e-mail per new registration, for a statement that inserts the registrations in a
 * CTE: `rows` names that CTE (id, email, first_name, last_name, user_tax_id), and the three parameters hold the
 * session id, the e-mail type and the queue position (null when none). Written here, with EmailOutbox.record,
 * so the e-mail module stays the only writer of `email_messages`; the booking engine embeds it in its hot-path
 * statement to keep one round trip. The outbox can't see those rows: whoever runs such a statement wakes the sender
 * (EmailOutbox.noteRecorded in a transaction, EmailOutbox.kick after a statement that committed on its own). */
export function newRegistrationEmailsSql(rows: string, session: string, type: string, queuePosition: string): string {
  return `INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
         SELECT ${type}, ${rows}.id, (SELECT event_id FROM event_sessions WHERE id = ${session}), ${session}, ${rows}.email, ${rows}.first_name || ' ' || ${rows}.last_name, ${rows}.user_tax_id,
                CASE WHEN ${queuePosition}::int IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('queuePosition', ${queuePosition}::int) END
           FROM ${rows}`;
}

/** The e-mail outbox: the only writer of `email_messages` for what other modules cause. Records messages in
 * the caller's transaction (they exist if and only if the change committed; the mail sender delivers them
 * later, pending → sent/failed); the outbox kit wakes the sender once that transaction commits
 * (OutboxRegistry.written), so callers have nothing to remember. */
@Injectable()
export class EmailOutbox {
  constructor(private readonly outboxes: OutboxRegistry) {}

  /** One pending e-mail of `type` per registration, addressed from the registration row. */
  async record(
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
    this.outboxes.written(m, 'email');
  }

  /** The e-mail telling a person they are on the blacklist (a new entry, or a public registration refused because
   * of it: `data.refusedRegistration`), in the caller's transaction. */
  async recordBlacklist(
    m: EntityManager,
    message: {
      registrationId: number | null;
      eventId: number;
      sessionId: number;
      email: string;
      recipientName: string;
      userTaxId: string | null;
      data: Record<string, unknown>;
    },
  ): Promise<void> {
    await m.query(
      `INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        'Blacklist' satisfies OutboxEmailType,
        message.registrationId,
        message.eventId,
        message.sessionId,
        message.email,
        message.recipientName,
        message.userTaxId,
        message.data,
      ],
    );
    this.outboxes.written(m, 'email');
  }

  /** GDPR erasure: deletes the e-mails of these registrations, or those sent to this (normalised) address,
   * in the caller's transaction. Answers how many. */
  async erase(m: EntityManager, of: { registrationIds: number[] } | { address: string }): Promise<number> {
    const [, deleted]: [unknown, number] =
      'address' in of
        ? await m.query(`DELETE FROM email_messages WHERE lower(email_address) = $1`, [of.address])
        : await m.query(`DELETE FROM email_messages WHERE registration_id = ANY($1)`, [of.registrationIds]);
    return deleted;
  }

  /** E-mails were written in the caller's transaction by a statement embedding newRegistrationEmailsSql: the
   * sender is woken once it commits. */
  noteRecorded(m: EntityManager): void {
    this.outboxes.written(m, 'email');
  }

  /** Wakes the sender now, for e-mails a statement embedding newRegistrationEmailsSql wrote and committed on its
   * own (outside a transaction). Never waits, never throws. */
  kick(): void {
    this.outboxes.wake('email');
  }
}

/** Global, so the booking engine and the other services can inject EmailOutbox without importing the e-mail
 * module (which needs theirs: no import cycle). */
@Global()
@Module({ providers: [EmailOutbox], exports: [EmailOutbox] })
export class EmailOutboxModule {}
