import { Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REGISTRATION_STATE, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@evreg/contracts';
import { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent } from 'typeorm';
import { OutboxRegistry } from '../../outbox/outbox.registry';
import { freeOnlineSpotsSql, onlineCapacitySql } from '../booking-engine/booking-rules';

declare module '../../queue/job-map' {
  interface JobMap {
    /** Delivers every due webhook delivery (WebhookDeliveryService.dispatch). */
    'webhook.dispatch': Record<string, never>;
  }
}

/** How long this instance trusts its answer to "is any webhook active?" (see maybeActive). */
const ACTIVE_CACHE_MS = 1_000;
/** The sessions a transaction locked while they were full (QueryRunner.data): session.spots_available is decided for
 * them just before its commit. */
const FULL_WHEN_LOCKED = 'evreg:webhooksFullWhenLocked';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** The session and its event as every event's body carries them (aliases s and e): the settings and the counters as
 * the change left them (`s` is read after the change's writes, or is the RETURNING of the statement making them).
 * `availableSpots` is the public's free online seats by the counters (online capacity less online registrations and
 * held spots, never below 0). `sequence` is the counters' version, raised by a trigger with every change of them
 * (migration 1764000000450): read from the same row as the counters, it always goes with them. */
const EVENT_JSON = `jsonb_build_object('id', e.id, 'title', e.title)`;
const sessionJson = (
  s: string,
) => `jsonb_build_object('id', ${s}.id, 'sequence', ${s}.counters_sequence, 'startsAt', ${iso(`${s}.starts_at`)},
  'endsAt', ${iso(`${s}.ends_at`)}, 'maxAttendees', ${s}.max_attendees, 'reservedSpots', ${s}.reserved_spots,
  'maxQueueSpots', ${s}.max_queue_spots, 'onlineRegistered', ${s}.online_registered,
  'reservedRegistered', ${s}.reserved_registered, 'registeredCount', ${s}.online_registered + ${s}.reserved_registered,
  'queueCount', ${s}.queue_count, 'availableSpots', ${freeOnlineSpotsSql(s)})`;
const SESSION_JSON = sessionJson('s');

/** The registration's state by name, as the bodies carry it. */
const STATE_NAME = (state: string) =>
  `CASE ${state} WHEN ${REGISTRATION_STATE.Active} THEN 'active' WHEN ${REGISTRATION_STATE.Waiting} THEN 'waiting' ELSE 'cancelled' END`;

/** A registration event's `data` (aliases: `r` a registration row or CTE with its state and version, s its session,
 * e its event). Names and e-mail only: never the tax ID or the phone. `sequence` is the row's version (raised by one
 * by every change a webhook announces, under the row's lock); `updatedAt` the moment the event was recorded
 * (clock_timestamp(): after the row's lock was taken), to the millisecond. `deleted`: the row is about to go (staff
 * deleted it): announced as cancelled, off the waiting list, one version on. */
function registrationDataSql(r: string, queuePosition: string, deleted = false): string {
  return `jsonb_build_object(
    'registration', jsonb_build_object('id', ${r}.id, 'firstName', ${r}.first_name, 'lastName', ${r}.last_name,
                                       'email', ${r}.email, 'queuePosition', ${deleted ? 'NULL::int' : queuePosition},
                                       'state', ${deleted ? `'cancelled'` : STATE_NAME(`${r}.state`)},
                                       'sequence', ${r}.version${deleted ? ' + 1' : ''},
                                       'updatedAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'event', ${EVENT_JSON}, 'session', ${SESSION_JSON})`;
}

/** One delivery per event (`events`: a SELECT of registration_id, session_id, data) and active webhook subscribed to
 * `type`; each event gets one id shared by its deliveries (MATERIALIZED: generated once per event). Nothing is
 * computed when no active webhook wants the type (a one-time filter). Answers one row per delivery. */
function deliveriesSql(events: string, type: string): string {
  return `WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (${events}) x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND ${type}::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, ${type}::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND ${type}::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1`;
}

/** The deliveries of new registrations, for the booking engine's one-statement insert (as
 * newRegistrationEmailsSql): `rows` names the CTE of inserted registrations (id, email, first_name, last_name, state,
 * version), `sessions` the session as the statement leaves it (the gate's RETURNING, or a subquery of event_sessions
 * when the counters were written before), the parameters the event type (registration.created or
 * registration.queued) and the queue position (null when none). Its CTE answers one row per delivery: count them and
 * pass the count to WebhookOutbox.noteRecorded, so the sender is woken after the commit (or call WebhookOutbox.kick
 * after a statement that committed on its own). */
export function newRegistrationWebhooksSql(
  rows: string,
  sessions: string,
  type: string,
  queuePosition: string,
): string {
  return deliveriesSql(
    `SELECT ${rows}.id AS registration_id, s.id AS session_id, ${registrationDataSql(rows, `${queuePosition}::int`)} AS data
       FROM ${rows} CROSS JOIN ${sessions} s JOIN events e ON e.id = s.event_id`,
    type,
  );
}

/** The deliveries of a session event (session.full, session.waitinglist.full, session.spots_available): `sessions` a
 * table or CTE with the columns of event_sessions as the change left them (for the booking engine's one-statement
 * registration, the gate's RETURNING), `where` a condition over it (alias s), `type` the event type. Answers one row
 * per delivery. */
export function sessionEventWebhooksSql(sessions: string, type: string, where: string): string {
  return deliveriesSql(
    `SELECT NULL::int AS registration_id, s.id AS session_id,
            jsonb_build_object('event', ${EVENT_JSON}, 'session', ${SESSION_JSON}) AS data
       FROM ${sessions} s JOIN events e ON e.id = s.event_id WHERE ${where}`,
    type,
  );
}

/** The webhook outbox: the only writer of `webhook_deliveries` (docs/domain.md, "Webhooks"). Records one delivery per
 * event and active subscribed webhook in the caller's transaction (they exist if and only if the change commits);
 * the outbox kit wakes WebhookDeliveryService once that transaction commits (OutboxRegistry.written). With no
 * active webhook nothing is written, and, once this instance has looked in the last second, nothing is asked. */
@Injectable()
export class WebhookOutbox implements OnModuleInit, EntitySubscriberInterface {
  /** This instance's last answer to "is any webhook active?", trusted until `activeCheckedUntil`. */
  private anyActive = true;
  private activeCheckedUntil = 0;
  private checking: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outboxes: OutboxRegistry,
  ) {}

  /** As a TypeORM subscriber it sees every commit coming: session.spots_available is decided there. */
  onModuleInit(): void {
    this.ds.subscribers.push(this);
  }

  /** The booking engine locked this session (BookingEngine.lockSession) while it was full: its online registrations
   * fill its online capacity. Whether the transaction frees a seat for good is known only at its commit
   * (beforeTransactionCommit). With no active webhook, nothing is noted. */
  noteFullWhenLocked(m: EntityManager, sessionId: number): void {
    const runner = m.queryRunner;
    if (!runner || !this.maybeActive()) return;
    const full = (runner.data[FULL_WHEN_LOCKED] as Set<number> | undefined) ?? new Set<number>();
    full.add(sessionId);
    runner.data[FULL_WHEN_LOCKED] = full;
  }

  /** Just before the outermost commit: each session locked full by this transaction and no longer full as it commits
   * (a cancellation or deletion whose seat the waiting list did not take, a capacity increase) gets its
   * session.spots_available, in this transaction, read from the session row as it commits. The row is locked from
   * lockSession to the commit, so exactly one transaction sees each transition: the next one locks it already free.
   * Holds don't count (as for session.full): a session is full when its online registrations fill online capacity. */
  async beforeTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    // A savepoint being released: the outer transaction may still roll back or free more; it decides at its commit.
    if ((queryRunner as unknown as { transactionDepth: number }).transactionDepth > 1) return;
    const full = queryRunner.data[FULL_WHEN_LOCKED] as Set<number> | undefined;
    if (!full?.size) return;
    delete queryRunner.data[FULL_WHEN_LOCKED];
    const rows: unknown[] = await queryRunner.query(
      sessionEventWebhooksSql(
        'event_sessions',
        '$1',
        `s.id = ANY ($2::int[]) AND s.online_registered < ${onlineCapacitySql('s')}`,
      ),
      ['session.spots_available', [...full]],
    );
    if (rows.length) this.outboxes.written(queryRunner.manager, 'webhook');
  }

  /** A rolled-back transaction's notes are dropped with it. */
  afterTransactionRollback({ queryRunner }: { queryRunner: QueryRunner }): void {
    if (!queryRunner.isTransactionActive) delete queryRunner.data[FULL_WHEN_LOCKED];
  }

  /** False only when this instance saw, less than a second ago, that no webhook is active: the writes below are then
   * skipped without a round trip. Unknown or stale: true (the INSERT ... SELECT decides exactly), and a check runs in
   * the background on a connection of its own (never awaited inside the caller's transaction). A webhook created or
   * enabled on another instance is thus seen here within a second. */
  maybeActive(): boolean {
    if (Date.now() < this.activeCheckedUntil) return this.anyActive;
    this.checking ??= this.ds
      .query(`SELECT EXISTS (SELECT 1 FROM webhooks WHERE is_active) AS any`)
      .then(([row]: { any: boolean }[]) => {
        this.anyActive = row.any;
        this.activeCheckedUntil = Date.now() + ACTIVE_CACHE_MS;
      })
      .catch(() => undefined)
      .finally(() => (this.checking = null));
    return true;
  }

  /** The webhooks changed on this instance: ask again next time. */
  forgetActive(): void {
    this.activeCheckedUntil = 0;
    this.anyActive = true;
  }

  /** `count` deliveries were recorded in the caller's transaction by a statement embedding newRegistrationWebhooksSql:
   * the sender is woken once it commits. */
  noteRecorded(m: EntityManager, count: number): void {
    if (count > 0) this.outboxes.written(m, 'webhook');
  }

  /** One event of `type` per registration (read from its row, so after the change), for every active webhook
   * subscribed to it. The change raised the rows' version (its `sequence`) in the statement that made it; with
   * `advance` (a change that writes nothing else to the row: a check-in) this statement raises it, taking the row's
   * lock; with `deleted` (staff deleting the rows, right after) the event is a cancellation one version on. */
  async record(
    m: EntityManager,
    type: WebhookEventType,
    registrationIds: number[],
    options: { advance?: boolean; deleted?: boolean } = {},
  ): Promise<void> {
    if (!registrationIds.length || !this.maybeActive()) return;
    const from = options.advance
      ? `(UPDATE registrations SET version = version + 1 WHERE id = ANY ($2::int[]) RETURNING *)`
      : `(SELECT * FROM registrations WHERE id = ANY ($2::int[]))`;
    const events = `SELECT r.id AS registration_id, r.session_id,
            ${registrationDataSql('r', 'r.queue_position', options.deleted)} AS data
       FROM b r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id`;
    // A data-modifying WITH must be at the top level: the rows come first, then the deliveries' WITH continues it.
    const sql = deliveriesSql(events, '$1').replace(/^WITH /, `WITH b AS ${from}, `);
    const rows: unknown[] = await m.query(sql, [type, registrationIds]);
    this.noteRecorded(m, rows.length);
  }

  /** registration.moved: one event per registration staff moved to another session (MoveEngine), read from its row
   * after the move (its `session` is the new one; the move's statement raised its version), with `fromSession`, the
   * session it left, as the move left it (its places given back, its waiting list promoted). */
  async recordMoved(m: EntityManager, registrationIds: number[], fromSessionId: number): Promise<void> {
    if (!registrationIds.length || !this.maybeActive()) return;
    const events = `SELECT r.id AS registration_id, r.session_id,
            ${registrationDataSql('r', 'r.queue_position')} || jsonb_build_object('fromSession', ${sessionJson('f')}) AS data
       FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
       JOIN event_sessions f ON f.id = $3
      WHERE r.id = ANY ($2::int[])`;
    const rows: unknown[] = await m.query(deliveriesSql(events, '$1'), [
      'registration.moved',
      registrationIds,
      fromSessionId,
    ]);
    this.noteRecorded(m, rows.length);
  }

  /** session.full or session.waitinglist.full, read from the session row as the caller's transaction left it. */
  async recordSessionEvent(
    m: EntityManager,
    type: Extract<WebhookEventType, 'session.full' | 'session.waitinglist.full'>,
    sessionId: number,
  ): Promise<void> {
    if (!this.maybeActive()) return;
    const rows: unknown[] = await m.query(sessionEventWebhooksSql('event_sessions', '$1', 's.id = $2'), [
      type,
      sessionId,
    ]);
    this.noteRecorded(m, rows.length);
  }

  /** 'Probar': a webhook.test delivery for this webhook (sent even while it is disabled), recorded and sent at once.
   * Answers the new row as `returning` (SQL over webhook_deliveries) reads it, before any try. */
  async recordTest<T>(webhookId: number, returning: string): Promise<T> {
    const [row]: T[] = await this.ds.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, payload)
       VALUES ($1, gen_random_uuid(), $2, jsonb_build_object('message', $3::text)) RETURNING ${returning}`,
      [webhookId, WEBHOOK_TEST_EVENT, 'Envío de prueba del webhook'],
    );
    this.outboxes.written(this.ds, 'webhook');
    return row;
  }

  /** GDPR erasure: deletes the deliveries (pending or past) of these registrations, or whose body names this
   * (normalised) address, in the caller's transaction: nothing about the person is sent afterwards. Answers how many. */
  async erase(m: EntityManager, of: { registrationIds: number[] } | { address: string }): Promise<number> {
    const [, deleted]: [unknown, number] =
      'address' in of
        ? await m.query(`DELETE FROM webhook_deliveries WHERE lower(payload->'registration'->>'email') = $1`, [
            of.address,
          ])
        : await m.query(`DELETE FROM webhook_deliveries WHERE registration_id = ANY ($1::int[])`, [of.registrationIds]);
    return deleted;
  }

  /** Wakes the sender now: for deliveries a statement embedding newRegistrationWebhooksSql wrote and committed on its
   * own (outside a transaction), or that staff made due again. Never waits, never throws. */
  kick(): void {
    this.outboxes.wake('webhook');
  }
}

/** Global, like EmailOutboxModule: the booking engine and GDPR inject WebhookOutbox without importing the webhooks
 * module. */
@Global()
@Module({ providers: [WebhookOutbox], exports: [WebhookOutbox] })
export class WebhookOutboxModule {}
