import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGES, Session } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { BookingEngine, LockedSession } from '../booking-engine/booking-engine.service';
import { fitsOnline } from '../booking-engine/booking-rules';
import { querySessions } from '../events/session-view.query';
import { HistoryService, changedFields } from '../history/history.service';
import { SettingsService } from '../settings/settings.service';

const c = MESSAGES.capacity;
/** What these changes set, as the history names them (with their values before and after). */
const CAPACITY_FIELDS = ['maxAttendees', 'reservedSpots', 'maxQueueSpots', 'isPromotionLocked'] as const;
const withN = (message: string, n: number) => message.replace('{n}', String(n));

/** Staff changes to a session's capacity. Each runs under the session lock (lockSession reclaims expired holds
 * first, so they never block a change), refuses anything that would break an invariant of docs/domain.md with a
 * 400 naming the field (the transaction rolls back: nothing written), and promotes from the waiting list
 * whenever online capacity may have grown. Answers the session as the events screen shows it. */
@Injectable()
export class SessionCapacityService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly settings: SettingsService,
    private readonly engine: BookingEngine,
    private readonly history: HistoryService,
  ) {}

  setMaxAttendees(eventId: number, sessionId: number, maxAttendees: number): Promise<Session> {
    return this.change(eventId, sessionId, async (m, s) => {
      const registered = s.onlineRegistered + s.reservedRegistered;
      if (maxAttendees < registered) throw AppError.field('maxAttendees', withN(c.belowRegistered, registered));
      // The reserved part keeps its size, so the online part must still hold its registrations and holds.
      const needed = s.onlineRegistered + s.heldSpots + s.reservedSpots;
      if (!fitsOnline({ ...s, maxAttendees }, 0)) throw AppError.field('maxAttendees', withN(c.belowOccupied, needed));
      s.maxAttendees = maxAttendees;
      await this.engine.applyCapacity(m, s);
      await this.engine.promoteWaiting(m, s);
    });
  }

  setReservedSpots(eventId: number, sessionId: number, reservedSpots: number): Promise<Session> {
    return this.change(eventId, sessionId, async (m, s) => {
      if (reservedSpots > s.maxAttendees) throw AppError.field('reservedSpots', c.reservedAboveCapacity);
      if (reservedSpots < s.reservedRegistered)
        throw AppError.field('reservedSpots', withN(c.reservedBelowUsed, s.reservedRegistered));
      if (!fitsOnline({ ...s, reservedSpots }, 0)) throw AppError.field('reservedSpots', c.tooFewSeats);
      s.reservedSpots = reservedSpots;
      await this.engine.applyCapacity(m, s);
      await this.engine.promoteWaiting(m, s);
    });
  }

  async setMaxQueueSpots(eventId: number, sessionId: number, maxQueueSpots: number): Promise<Session> {
    const { globalMaxQueueSpots } = await this.settings.waitingListSettings();
    return this.change(eventId, sessionId, async (m, s) => {
      if (maxQueueSpots > s.maxAttendees) throw AppError.field('maxQueueSpots', c.waitingLimitAboveCapacity);
      if (maxQueueSpots > globalMaxQueueSpots)
        throw AppError.field('maxQueueSpots', withN(c.waitingLimitAboveGlobal, globalMaxQueueSpots));
      if (maxQueueSpots < s.queueCount)
        throw AppError.field('maxQueueSpots', withN(c.waitingLimitBelowWaiting, s.queueCount));
      s.maxQueueSpots = maxQueueSpots;
      await this.engine.applyCapacity(m, s);
    });
  }

  /** Moves unused reserved spots into online capacity, then promotes onto them. */
  redistributeReservedSpots(eventId: number, sessionId: number, spots: unknown): Promise<Session> {
    return this.change(eventId, sessionId, async (m, s) => {
      const unused = s.reservedSpots - s.reservedRegistered;
      if (typeof spots !== 'number' || !Number.isInteger(spots) || spots < 1 || spots > unused) {
        throw AppError.field('spotsToRedistribute', withN(c.redistributeRange, unused));
      }
      s.reservedSpots -= spots;
      await this.engine.applyCapacity(m, s);
      await this.engine.promoteWaiting(m, s);
    });
  }

  /** Locked: cancellations and capacity changes no longer promote. Unlocking promotes at once. */
  setPromotionLock(eventId: number, sessionId: number, isLocked: boolean): Promise<Session> {
    return this.change(eventId, sessionId, async (m, s) => {
      s.isPromotionLocked = isLocked;
      await this.engine.applyCapacity(m, s);
      await this.engine.promoteWaiting(m, s);
    });
  }

  private async change(
    eventId: number,
    sessionId: number,
    work: (m: EntityManager, session: LockedSession) => Promise<void>,
  ): Promise<Session> {
    const updated = await this.ds.transaction(async (m) => {
      const session = await this.engine.lockSession(m, sessionId);
      if (!session || session.eventId !== eventId) throw AppError.notFound(MESSAGES.sessions.notFound);
      const before = { ...session };
      await work(m, session);
      const changes = changedFields(before, session, CAPACITY_FIELDS);
      if (changes.length)
        await this.history.record(m, { subject: 'session', ids: [sessionId], action: 'sessionUpdated', changes });
      const [view] = await querySessions(m, 's.id = $1', [sessionId]);
      return view;
    });
    return updated;
  }
}
