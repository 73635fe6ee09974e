import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { SMS_MESSAGES, SMS_STATUS } from '@evreg/contracts';
import { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { LeaseHeartbeat } from '../../common/lease-heartbeat';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobHandler } from '../../queue/job-handler.decorator';
import { JobQueue } from '../../queue/job-queue';
import { NetelipClient } from './netelip.client';
import { netelipDestination } from './phone';
import { takeQueuedSms } from './sms-outbox';
import { SmsSettingsService } from './sms-settings.service';

declare module '../../queue/job-map' {
  interface JobMap {
    'sms.send': { smsId: string };
  }
}

/** Tries per message, counted on the row (so a job lost and re-queued by the sweep doesn't start over). */
export const SMS_MAX_ATTEMPTS = 3;
const BACKOFF_MS = 2000;
const SWEEP_INTERVAL_MS = 30_000;

/** Sends pending SMS through Netelip, one job per message. Each send first claims its row with one UPDATE
 * (pending, not claimed by someone else), setting a lease (SMS_LEASE_MS) renewed while the request goes on, so a
 * retried job or two workers never send a message twice, and a worker that dies mid-send frees its message
 * within one lease. Only transient failures (timeout, network, 5xx) are retried, with exponential backoff; a
 * refusal (401, 402, 412, 103, 109), SMS being disabled, or a missing token fail the message at once. */
@Injectable()
export class SmsDeliveryService implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger(SmsDeliveryService.name);
  private readonly lease: LeaseHeartbeat;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly settings: SmsSettingsService,
    private readonly netelip: NetelipClient,
  ) {
    this.lease = new LeaseHeartbeat(ds, 'sms_messages', config.smsLeaseMs, (error) =>
      this.logger.warn(`No se pudo renovar la reserva de los SMS en envío: ${error.message}`),
    );
  }

  /** As a TypeORM subscriber it sees every commit: SMS recorded in that transaction (recordSms) are queued right
   * after it, whichever service ran it. */
  onModuleInit(): void {
    this.ds.subscribers.push(this);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive) return; // a savepoint released: the outer transaction may still roll back
    // Neither throws nor waits (JobQueue.addSoon; TypeORM awaits this method inside commitTransaction): the request
    // doesn't hang on an unreachable Redis. A message not queued now is queued when Redis is back, or by the sweep
    // (docs/domain.md, "Redis away").
    this.enqueue(takeQueuedSms(queryRunner));
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) takeQueuedSms(queryRunner);
  }

  enqueue(ids: string[]): void {
    for (const smsId of ids) this.add(smsId);
  }

  private add(smsId: string, options: { delayMs?: number; jobId?: string } = {}): void {
    this.jobs.addSoon(
      'sms.send',
      { smsId },
      {
        jobId: options.jobId ?? `sms-${smsId}`,
        delayMs: options.delayMs,
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
        WHERE id = $1 AND status = ${SMS_STATUS.Pending} AND (claimed_until IS NULL OR claimed_until < now())
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
        `UPDATE sms_messages SET status = ${SMS_STATUS.Sent}, sent_at = now(), provider_id = $2, error_message = NULL, claimed_until = NULL WHERE id = $1`,
        [smsId, outcome.providerId],
      );
      return;
    }
    if (outcome.kind === 'failed' || row.attempts >= SMS_MAX_ATTEMPTS) return this.fail(smsId, outcome.error);
    // Transient: release the claim, keep the error visible meanwhile, and let the queue retry with backoff.
    await this.ds.query(
      `UPDATE sms_messages SET claimed_until = NULL, error_message = $2 WHERE id = $1 AND status = ${SMS_STATUS.Pending}`,
      [smsId, outcome.error],
    );
    throw new Error(outcome.error);
  }

  /** Safety net for jobs lost (in-process mode after a restart, Redis down, a worker killed): every 30 s, pending
   * rows nobody holds are queued again, and a claimed row whose lease runs out before the next sweep is queued for
   * that moment (a dead worker's message goes out one lease after it died; a live worker's renewed claim makes
   * that job find nothing). Its own job id: the dead worker's job may still count as running. Safe with several
   * instances: the claim decides who sends. */
  @Interval(SWEEP_INTERVAL_MS)
  async sweepPending(): Promise<void> {
    try {
      const rows: { id: string; leaseEnd: string | null; leaseLeftMs: number }[] = await this.ds.query(
        `SELECT id::text, floor(extract(epoch FROM claimed_until) * 1000)::bigint::text AS "leaseEnd",
                greatest(0, ceil(extract(epoch FROM claimed_until - now()) * 1000))::int AS "leaseLeftMs"
           FROM sms_messages
          WHERE status = ${SMS_STATUS.Pending}
            AND (claimed_until IS NULL AND created_at < now() - interval '30 seconds'
                 OR claimed_until < now() + make_interval(secs => $1::float8 / 1000))
          ORDER BY created_at LIMIT 500`,
        [SWEEP_INTERVAL_MS],
      );
      for (const row of rows) {
        if (row.leaseEnd === null) this.add(row.id);
        else this.add(row.id, { delayMs: row.leaseLeftMs + 250, jobId: `sms-${row.id}-lease-${row.leaseEnd}` });
      }
    } catch (error) {
      this.logger.warn(`Barrido de SMS pendientes fallido: ${(error as Error).message}`);
    }
  }

  /** Failed for good: nothing was billed, so the cost goes to 0. */
  private async fail(smsId: string, error: string): Promise<void> {
    await this.ds.query(
      `UPDATE sms_messages SET status = ${SMS_STATUS.Failed}, cost = 0, error_message = $2, claimed_until = NULL WHERE id = $1 AND status = ${SMS_STATUS.Pending}`,
      [smsId, error],
    );
  }
}
