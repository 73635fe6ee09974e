import { Global, Injectable, Module } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { recordBlacklistSms } from './blacklist-sms';
import { recordPromotionSms } from './promotion-sms';
import { recordReminderSms } from './reminder-sms';
import { RecordedSms, SmsIntent, recordSms } from './sms-outbox';

/** The SMS outbox as other modules reach it (injected): the SMS module stays the only writer of `sms_messages`.
 * Every message is recorded in the caller's transaction and queued by SmsDeliveryService after the commit. */
@Injectable()
export class SmsOutbox {
  /** Records SMS in the caller's transaction (see recordSms). */
  record(m: EntityManager, intents: SmsIntent[], sentByUserId: string | null): Promise<RecordedSms[]> {
    return recordSms(m, intents, sentByUserId);
  }

  /** The Promotion SMS of each promoted person with a phone, when SMS is enabled (see recordPromotionSms). */
  recordPromotion(m: EntityManager, registrationIds: number[]): Promise<void> {
    return recordPromotionSms(m, registrationIds);
  }

  /** The reminder SMS of each reminded person with a phone, when SMS is enabled (see recordReminderSms). */
  recordReminder(
    m: EntityManager,
    registrationIds: number[],
    link: Parameters<typeof recordReminderSms>[2],
  ): Promise<void> {
    return recordReminderSms(m, registrationIds, link);
  }

  /** The SMS telling a person they are on the blacklist (see recordBlacklistSms). */
  recordBlacklist(m: EntityManager, entry: Parameters<typeof recordBlacklistSms>[1]): Promise<void> {
    return recordBlacklistSms(m, entry);
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

/** Global, like EmailOutboxModule: the booking engine injects SmsOutbox without importing the SMS module. */
@Global()
@Module({ providers: [SmsOutbox], exports: [SmsOutbox] })
export class SmsOutboxModule {}
