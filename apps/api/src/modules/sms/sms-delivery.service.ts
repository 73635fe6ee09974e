import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SMS_MESSAGES } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { WakeOptions } from '../../outbox/outbox-channel';
import { LeaseHeartbeat } from '../../outbox/lease-heartbeat';
import { OUTBOX_STATUS, claimableSql } from '../../outbox/outbox-status';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { JobHandler } from '../../queue/job-handler.decorator';
import { JobQueue } from '../../queue/job-queue';
import { NetelipClient } from './netelip.client';
import { netelipDestination } from './phone';
import { SmsSettingsService } from './sms-settings.service';

declare module '../../queue/job-map' {
  interface JobMap {
    'sms.send': { smsId: string };
  }
}

/** Tries per message, counted on the row (so a job lost and re-queued by the sweep doesn't start over). */
export const SMS_MAX_ATTEMPTS = 3;
const BACKOFF_MS = 2000;
const { Pending, Sent, Failed } = OUTBOX_STATUS;

/** Sends pending SMS through Netelip, one job per message: the per-row channel of the outbox kit, which queues a
 * message's job once the transaction recording it commits (SmsOutbox.record) and sweeps every
 * SMS_SWEEP_INTERVAL_MS for jobs lost. Each send first claims its row with one UPDATE
 * (pending, not claimed by someone else), setting a lease (SMS_LEASE_MS) renewed while the request goes on, so a
 * retried job or two workers never send a message twice, and a worker that dies mid-send frees its message
 * within one lease. Only transient failures (timeout, network, 5xx) are retried, with exponential backoff; a
 * refusal (401, 402, 412, 103, 109), SMS being disabled, or a missing token fail the message at once. */
@Injectable()
export class SmsDeliveryService implements OnModuleInit {
  private readonly logger = new Logger(SmsDeliveryService.name);
  private readonly lease: LeaseHeartbeat;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly settings: SmsSettingsService,
    private readonly netelip: NetelipClient,
    private readonly outboxes: OutboxRegistry,
  ) {
    this.lease = new LeaseHeartbeat(ds, 'sms_messages', config.smsLeaseMs, (error) =>
      this.logger.warn(`No se pudo renovar la reserva de los SMS en envío: ${error.message}`),
    );
  }

  onModuleInit(): void {
    this.outboxes.register({
      name: 'sms',
      table: 'sms_messages',
      dispatch: 'per-row',
      queue: (smsId, options) => this.add(smsId, options),
      sweepIntervalMs: this.config.smsSweepIntervalMs,
    });
  }

  private add(smsId: string, options?: WakeOptions): void {
    this.jobs.addSoon(
      'sms.send',
      { smsId },
      {
        jobId: options?.jobId ?? `sms-${smsId}`,
        delayMs: options?.delayMs,
        attempts: SMS_MAX_ATTEMPTS,
        backoffMs: BACKOFF_MS,
      },
    );
  }

  @JobHandler('sms.send')
  async deliver({ smsId }: { smsId: string }): Promise<void> {
    // TypeORM answers an UPDATE ... RETURNING with [rows, affected].
    const [[row]]: [{ phone: string; message: string; attempts: number }[], number] = await this.ds.query(
      `UPDATE sms_messages SET attempts = attempts + 1, claimed_until = now() + make_interval(secs => $2::float8 / 1000)
        WHERE id = $1 AND ${claimableSql()}
        RETURNING phone_number AS phone, message, attempts`,
      [smsId, this.config.smsLeaseMs],
    );
    if (!row) return; // sent, failed, deleted, or being sent by another worker
    return this.lease.hold(smsId, () => this.send(smsId, row));
  }

  private async send(smsId: string, row: { phone: string; message: string; attempts: number }): Promise<void> {
    const sender = await this.settings.sender();
    if (!sender.ok) return this.fail(smsId, sender.error);
    const destination = netelipDestination(row.phone);
    if (!destination) return this.fail(smsId, SMS_MESSAGES.phoneInvalid);

    const outcome = await this.netelip.send({
      token: sender.token,
      from: sender.senderName,
      destination,
      message: row.message,
    });
    if (outcome.kind === 'sent') {
      await this.ds.query(
        `UPDATE sms_messages SET status = ${Sent}, sent_at = now(), provider_id = $2, error_message = NULL, claimed_until = NULL WHERE id = $1`,
        [smsId, outcome.providerId],
      );
      return;
    }
    if (outcome.kind === 'failed' || row.attempts >= SMS_MAX_ATTEMPTS) return this.fail(smsId, outcome.error);
    // Transient: release the claim, keep the error visible meanwhile, and let the queue retry with backoff.
    await this.ds.query(
      `UPDATE sms_messages SET claimed_until = NULL, error_message = $2 WHERE id = $1 AND status = ${Pending}`,
      [smsId, outcome.error],
    );
    throw new Error(outcome.error);
  }

  /** The safety net for jobs lost (in-process mode after a restart, Redis down, a worker killed), run by the outbox
   * kit every SMS_SWEEP_INTERVAL_MS (OutboxRegistry.sweep): pending rows nobody holds are queued again, and a
   * claimed row whose lease runs out before the next sweep is queued for that moment. */
  sweepPending(): Promise<void> {
    return this.outboxes.sweep('sms');
  }

  /** Failed for good: nothing was billed, so the cost goes to 0. */
  private async fail(smsId: string, error: string): Promise<void> {
    await this.ds.query(
      `UPDATE sms_messages SET status = ${Failed}, cost = 0, error_message = $2, claimed_until = NULL WHERE id = $1 AND status = ${Pending}`,
      [smsId, error],
    );
  }
}
