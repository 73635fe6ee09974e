import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, HOLD_DURATION_MINUTES, MESSAGES, SETTING_KEYS, TicketHoldResponse } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobHandler } from '../../queue/job-handler.decorator';
import { BookingBatches } from '../booking-engine/booking-batches';
import { BookingEngine, Hold } from '../booking-engine/booking-engine.service';
import { Coalescer } from '../booking-engine/coalescer';
import { SessionRoom } from '../booking-engine/session-room';
import { bookingStateProblem, freeOnlineSpotsSql, holdExpiredSql } from '../booking-engine/booking-rules';

declare module '../../queue/job-map' {
  interface JobMap {
    /** Queued by earlier versions (one per hold); still handled so those jobs drain. Nothing queues it now. */
    'holds.expire': { holdId: string };
  }
}

const b = MESSAGES.booking;

interface HoldState {
  eventStatus: number;
  isRegistrationOpen: boolean;
  started: boolean;
  minutes: string | null;
  free: number;
  previous: number;
  anyExpired: boolean;
}

/** A refused hold: the common error body plus the hold's fields, with the server's clock as every hold answer. */
function holdRefusal(code: ErrorCode, message: string): AppError {
  return new AppError(code, message, undefined, {
    success: false,
    expiresAt: null,
    serverTime: new Date().toISOString(),
  });
}

@Injectable()
export class HoldsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(HoldsService.name);
  private readonly states = new Coalescer<number, string, HoldState | null>((id, tokens) =>
    this.readStates(id, tokens),
  );
  /** The sweep under way, if any. */
  private sweep: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly engine: BookingEngine,
    private readonly batches: BookingBatches,
    private readonly room: SessionRoom,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval(
      'hold-sweep',
      // A tick during a slow run is skipped: the next one finds what that run left.
      setInterval(() => void (this.sweep ?? this.sweepExpired()), this.config.holdSweepIntervalMs),
    );
  }

  /** Holds `spots` for the visitor's token for TicketHoldDurationMinutes. A token has one hold per session: a
   * new request replaces it, keeping the deadline of an unexpired one (docs/domain.md, "Holds: asking again").
   * Granted only if the spots are free; otherwise nothing changes. The answer carries the server's clock
   * (serverTime): the booking page counts down expiresAt on it, not on the device's. Touches PostgreSQL
   * only: no job is queued per hold, the sweep deletes it once expired (docs/domain.md, "Redis away"). A first hold
   * is decided with the others of the session arriving meanwhile (BookingBatches). A hold that can't fit in a
   * full session's room as this instance knows it is refused without a query (SessionRoom). */
  async hold(sessionId: number, token: string, spots: number): Promise<TicketHoldResponse> {
    const refused = this.refusalFromMemory(sessionId, token, spots);
    if (refused) throw refused;
    const held =
      (await this.batches.firstHold(sessionId, token, spots)) ?? (await this.holdCarefully(sessionId, token, spots));
    return {
      success: true,
      message: b.holdGranted,
      expiresAt: held.expiresAt.toISOString(),
      serverTime: new Date().toISOString(),
      eventSessionId: sessionId,
      numberOfSpots: spots,
    };
  }

  /** The refusal of a valid hold request decided without a query (a full session's room as this instance knows it,
   * SessionRoom), or null when only the database can answer. The first step of `hold`, and the whole answer of the
   * early refusals before Nest (docs/domain.md, "Refusals without a round trip"). */
  refusalFromMemory(sessionId: number, token: string, spots: number): AppError | null {
    return this.room.refusesHold(sessionId, token, spots) ? holdRefusal('NO_SPOTS', b.holdFull) : null;
  }

  /** Whatever the one-statement first hold (BookingBatches.firstHold) left: a replacement, a refusal, a
   * race of the token with itself, expired holds in the way. */
  private async holdCarefully(sessionId: number, token: string, spots: number): Promise<Hold> {
    const info = await this.holdState(sessionId, token);
    const closed = bookingStateProblem(info);
    if (closed) throw holdRefusal(closed.code, closed.message);
    const minutes = Number(info.minutes) || HOLD_DURATION_MINUTES.default;
    // No room even counting the caller's own hold, and no expired hold to reclaim: refused without a write or a lock.
    if (info.free + info.previous < spots && !info.anyExpired) throw this.noSpots(sessionId);

    let held = await this.engine.hold(sessionId, token, spots, minutes);
    // Refused on the counter, which also counts expired holds not yet deleted: delete this session's expired
    // holds (a short transaction of its own) and try once more on exact numbers.
    if (!held && info.anyExpired && (await this.engine.releaseExpiredHolds(sessionId)) > 0)
      held = await this.engine.hold(sessionId, token, spots, minutes);
    if (held) return held;
    // Refused: say why as things stand now (registration may have closed meanwhile).
    const now = await this.holdState(sessionId, token);
    const problem = bookingStateProblem(now);
    throw problem ? holdRefusal(problem.code, problem.message) : this.noSpots(sessionId);
  }

  /** NO_SPOTS decided on the database: the next ones of the session may be decided from memory (SessionRoom). */
  private noSpots(sessionId: number): AppError {
    void this.room.refused(sessionId);
    return holdRefusal('NO_SPOTS', b.holdFull);
  }

  /** The session as a hold decides on it; a 404 when it doesn't exist. */
  private async holdState(sessionId: number, token: string): Promise<HoldState> {
    const info = await this.states.submit(sessionId, token);
    if (!info) throw holdRefusal('SESSION_NOT_FOUND', b.sessionNotFound);
    return info;
  }

  /** The state read of the careful way, one statement for the session's requests arriving together (a rush's
   * refusals): one row per token, `previous` being that token's own hold. */
  private async readStates(sessionId: number, tokens: string[]): Promise<(HoldState | null)[]> {
    const rows: (HoldState & { token: string })[] = await this.ds.query(
      `SELECT q.token, e.status AS "eventStatus", s.is_registration_open AS "isRegistrationOpen", s.starts_at <= now() AS started,
              (SELECT value FROM settings WHERE key = $2) AS minutes,
              ${freeOnlineSpotsSql('s')} AS free,
              coalesce((SELECT spots FROM ticket_holds WHERE session_id = s.id AND token = q.token), 0) AS previous,
              EXISTS (SELECT 1 FROM ticket_holds WHERE session_id = s.id AND ${holdExpiredSql()}) AS "anyExpired"
         FROM unnest($3::text[]) AS q(token)
         JOIN event_sessions s ON s.id = $1 JOIN events e ON e.id = s.event_id`,
      [sessionId, SETTING_KEYS.ticketHoldDurationMinutes, [...new Set(tokens)]],
    );
    const byToken = new Map(rows.map(({ token, ...state }) => [token, state]));
    return tokens.map((token) => byToken.get(token) ?? null);
  }

  /** Releases every hold of the token at once (the booking page's countdown reached zero, or it left). */
  async expireToken(token: string): Promise<{ success: true; message: string; released: number }> {
    const sessions: { session_id: number }[] = await this.ds.query(
      `SELECT DISTINCT session_id FROM ticket_holds WHERE token = $1 ORDER BY session_id`,
      [token],
    );
    let released = 0;
    for (const { session_id } of sessions) {
      released += await this.engine.releaseHoldsOfToken(session_id, token);
    }
    return { success: true, message: b.holdReleased, released };
  }

  /** A `holds.expire` job left in Redis by an earlier version (or a rolling deploy's older instance). */
  @JobHandler('holds.expire')
  async onHoldExpired({ holdId }: { holdId: string }): Promise<void> {
    const [hold] = await this.ds.query(`SELECT session_id FROM ticket_holds WHERE id = $1 AND ${holdExpiredSql()}`, [
      holdId,
    ]);
    if (hold) await this.engine.releaseExpiredHold(hold.session_id, holdId);
  }

  /** How expired holds go: every HOLD_SWEEP_INTERVAL_MS (5 s) on every instance, with or without Redis, they are
   * deleted session by session (one transaction per session however many holds expired in it), their seats given
   * back and the waiting list promoted. One indexed query when nothing expired. Safe with several instances: each
   * hold row is deleted once, under the session lock. A hold stops counting for visitors the moment it expires
   * anyway (live counts): the sweep only hands its seats to the waiting list and the counter. */
  async sweepExpired(): Promise<void> {
    // A run under way may have listed the sessions before the latest holds expired: after it, look again.
    while (this.sweep) await this.sweep;
    this.sweep = this.sweepOnce().finally(() => {
      this.sweep = null;
    });
    return this.sweep;
  }

  private async sweepOnce(): Promise<void> {
    try {
      const sessions: { session_id: number }[] = await this.ds.query(
        `SELECT DISTINCT session_id FROM ticket_holds WHERE ${holdExpiredSql()} ORDER BY session_id LIMIT 500`,
      );
      for (const { session_id } of sessions) await this.engine.releaseExpiredHolds(session_id);
    } catch (error) {
      this.logger.warn(`Barrido de reservas caducadas fallido: ${(error as Error).message}`);
    }
  }
}
