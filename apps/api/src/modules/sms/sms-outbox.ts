import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OUTBOX_STATUS } from '../../outbox/outbox-status';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { blacklistSmsIntent } from './blacklist-sms';
import { promotionSmsIntents } from './promotion-sms';
import { RecordedSms, SmsIntent, insertSms } from './record-sms';
import { reminderSmsIntents } from './reminder-sms';

/** The SMS outbox as other modules reach it (injected): the SMS module stays the only writer of `sms_messages`.
 * Every message is recorded in the caller's transaction (it exists if and only if that commits), and the outbox
 * kit queues its send once the transaction commits (OutboxRegistry.written). */
@Injectable()
export class SmsOutbox {
  constructor(private readonly outboxes: OutboxRegistry) {}

  /** Records SMS in the caller's transaction (see insertSms); the pending ones are sent after the commit. */
  async record(m: EntityManager, intents: SmsIntent[], sentByUserId: string | null): Promise<RecordedSms[]> {
    const recorded = await insertSms(m, intents, sentByUserId);
    const pending = recorded.filter((sms) => sms.status === OUTBOX_STATUS.Pending).map((sms) => String(sms.id));
    if (pending.length) this.outboxes.written(m, 'sms', pending);
    return recorded;
  }

  /** The Promotion SMS of each promoted person with a phone, when SMS is enabled (see promotionSmsIntents). */
  async recordPromotion(m: EntityManager, registrationIds: number[]): Promise<void> {
    await this.record(m, await promotionSmsIntents(m, registrationIds), null);
  }

  /** The reminder SMS of each reminded person with a phone, when SMS is enabled (see reminderSmsIntents). */
  async recordReminder(
    m: EntityManager,
    registrationIds: number[],
    link: Parameters<typeof reminderSmsIntents>[2],
  ): Promise<void> {
    await this.record(m, await reminderSmsIntents(m, registrationIds, link), null);
  }

  /** The SMS telling a person they are on the blacklist (see blacklistSmsIntent), signed by the staff member. */
  async recordBlacklist(
    m: EntityManager,
    entry: Parameters<typeof blacklistSmsIntent>[1] & { createdBy: string },
  ): Promise<void> {
    await this.record(m, [await blacklistSmsIntent(m, entry)], entry.createdBy);
  }

  /** GDPR erasure: deletes the SMS of these registrations, or those recorded for this (normalised) e-mail
   * address, in the caller's transaction. Answers how many. */
  async erase(m: EntityManager, of: { registrationIds: number[] } | { address: string }): Promise<number> {
    const [, deleted]: [unknown, number] =
      'address' in of
        ? await m.query(`DELETE FROM sms_messages WHERE lower(email) = $1`, [of.address])
        : await m.query(`DELETE FROM sms_messages WHERE registration_id = ANY($1)`, [of.registrationIds]);
    return deleted;
  }
}
