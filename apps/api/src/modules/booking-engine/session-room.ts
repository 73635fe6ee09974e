import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS } from '@evreg/contracts';
import { Client, Notification } from 'pg';
import { DataSource } from 'typeorm';
import type { DatabaseTarget } from '../../database/data-source';
import { DATABASE_TARGET } from '../../database/database.module';
import { allocate } from './booking-rules';

/** The channel the triggers of migration SessionRoomNotify notify, with a session's id, when its room may grow. */
export const SESSION_ROOM_CHANNEL = 'session_room';

/** The room of a full session as one read saw it, kept while nothing can have made more room. */
interface RoomSnapshot {
  /** Online capacity less online registrations and held spots (the counter's view, expired holds included). */
  room: number;
  queueCount: number;
  maxQueueSpots: number;
  /** The tokens holding spots in the session when the read was made. */
  holders: Set<string>;
  /** performance.now() after which the snapshot decides nothing: the session's start, its first hold's expiry, or
   * MAX_AGE_MS after the read, whichever comes first. */
  until: number;
}

/** Above this many held spots the read doesn't list the holders, and nothing is decided from it. */
const MAX_LISTED_HOLDS = 256;
/** The longest a snapshot decides, notified or not: bounds a stale 'full' should notifications be lost without the
 * listening connection noticing (a half-open TCP connection). A rush refused from memory reads again this often. */
const MAX_AGE_MS = 10_000;
/** How long to wait before listening again after the listening connection was lost. */
const RECONNECT_MS = 1_000;

/** The read behind a snapshot: only a session taking public bookings (Live, open, not started) answers a row. */
const SNAPSHOT_SQL = `
  SELECT s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots AS room,
         s.queue_count AS "queueCount", s.max_queue_spots AS "maxQueueSpots",
         extract(epoch FROM s.starts_at - now()) * 1000 AS "startsInMs",
         (SELECT extract(epoch FROM min(h.expires_at) - now()) * 1000 FROM ticket_holds h
           WHERE h.session_id = s.id) AS "firstExpiryInMs",
         CASE WHEN s.held_spots <= ${MAX_LISTED_HOLDS}
              THEN (SELECT coalesce(array_agg(h.token), '{}') FROM ticket_holds h WHERE h.session_id = s.id) END AS holders
    FROM event_sessions s JOIN events e ON e.id = s.event_id
   WHERE s.id = $1 AND e.status = $2 AND s.is_registration_open AND s.starts_at > now()`;

/**
 * Refusals at the price of a read (docs/domain.md, "Refusals without a round trip"). After the database refused a
 * hold or a registration for want of room, the instance reads the session's room once (one read in flight per
 * session) and keeps it; later requests that cannot fit in it are refused from memory, without a query, while the
 * snapshot is current: no notification on channel `session_room` for the session since the read began (the
 * triggers notify at the commit of anything that can make room), the listening connection up since before the read,
 * no hold of the session expired, the session not started, the read at most MAX_AGE_MS old. A request whose token held spots at the read, or a
 * session with many holds, always goes to the database. In the embedded mode nothing is decided here.
 */
@Injectable()
export class SessionRoom implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRoom.name);
  private client: Client | null = null;
  private listening = false;
  private stopped = false;
  /** Bumped whenever listening starts or stops: a read begun under another epoch is thrown away. */
  private epoch = 0;
  private readonly snapshots = new Map<number, RoomSnapshot>();
  /** Notifications received per session: a read that saw one arrive meanwhile is thrown away. */
  private readonly changes = new Map<number, number>();
  private readonly reading = new Map<number, Promise<void>>();
  private retry: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Optional() @Inject(DATABASE_TARGET) private readonly target?: DatabaseTarget,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.target?.mode === 'postgres') await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.forget();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  /** Whether a hold of `spots` for `token` is refused for want of room, decided from memory. */
  refusesHold(sessionId: number, token: string, spots: number): boolean {
    const s = this.current(sessionId);
    return !!s && !s.holders.has(token) && spots > s.room;
  }

  /** Whether a public registration of `people` with `token` is refused as FULL, decided from memory. */
  refusesRegistration(sessionId: number, people: number, token: string | undefined): boolean {
    const s = this.current(sessionId);
    if (!s || (token && s.holders.has(token))) return false;
    return !allocate(people, {
      freeOnline: Math.max(0, s.room),
      queueCount: s.queueCount,
      maxQueueSpots: s.maxQueueSpots,
    });
  }

  /** The database refused a request of the session for want of room: read the room for the next ones (at most one
   * read in flight per session). The snapshot, if any, didn't refuse that request, so it says more room than there
   * is: read again. In a session full for everyone nothing reaches the database, so nothing is read either. Answers
   * when the read is done. */
  refused(sessionId: number): Promise<void> {
    if (!this.listening) return Promise.resolve();
    let read = this.reading.get(sessionId);
    if (!read) {
      read = this.read(sessionId).finally(() => this.reading.delete(sessionId));
      this.reading.set(sessionId, read);
    }
    return read;
  }

  /** Whether refusals of the session are decided from memory now (the early refusals' first check, tests, the
   * benchmark's checks). */
  decidesFromMemory(sessionId: number): boolean {
    return this.current(sessionId) !== null;
  }

  /** How many notifications about the session this instance has received (they arrive in commit order). */
  notificationsOf(sessionId: number): number {
    return this.changes.get(sessionId) ?? 0;
  }

  private current(sessionId: number): RoomSnapshot | null {
    const s = this.listening ? this.snapshots.get(sessionId) : undefined;
    if (!s) return null;
    if (performance.now() < s.until) return s;
    this.snapshots.delete(sessionId);
    return null;
  }

  private async read(sessionId: number): Promise<void> {
    const epoch = this.epoch;
    const changes = this.changes.get(sessionId) ?? 0;
    // Measured from before the query is sent, so the deadlines below come early, never late.
    const start = performance.now();
    try {
      const [row] = await this.ds.query(SNAPSHOT_SQL, [sessionId, EVENT_STATUS.Live]);
      if (!row?.holders || epoch !== this.epoch || !this.listening) return;
      if ((this.changes.get(sessionId) ?? 0) !== changes) return;
      const startsIn = Number(row.startsInMs);
      const expiresIn = row.firstExpiryInMs === null ? Infinity : Number(row.firstExpiryInMs);
      this.snapshots.set(sessionId, {
        room: row.room,
        queueCount: row.queueCount,
        maxQueueSpots: row.maxQueueSpots,
        holders: new Set(row.holders),
        until: start + Math.min(startsIn, expiresIn, MAX_AGE_MS),
      });
    } catch {
      // The next refusal on the database reads again.
    }
  }

  private onNotification(message: Notification): void {
    const sessionId = Number(message.payload);
    this.changes.set(sessionId, (this.changes.get(sessionId) ?? 0) + 1);
    this.snapshots.delete(sessionId);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.target!.url, keepAlive: true });
    client.on('notification', (message) => this.onNotification(message));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_ROOM_CHANNEL}`);
      if (this.client !== client || this.stopped) return;
      this.epoch++;
      this.listening = true;
    } catch (error) {
      this.logger.warn(`Escucha de cambios de plazas no disponible: ${(error as Error).message}`);
      this.lost(client);
    }
  }

  /** The listening connection is gone: nothing is decided from memory until it listens again. */
  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.forget();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private forget(): void {
    this.listening = false;
    this.epoch++;
    this.snapshots.clear();
  }
}
