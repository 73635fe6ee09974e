import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BookingRefusal } from './booking-rules';
import { CapacityEngine } from './capacity-engine.service';
import { Hold, LockedSession, NewAttendee, Placed, PlacedRow } from './engine-types';
import { HoldEngine } from './hold-engine.service';
import { PlacementEngine } from './placement-engine.service';
import { SessionLock } from './session-lock.service';
import { WaitingListEngine } from './waiting-list-engine.service';

export type { Hold, LockedSession, NewAttendee, Placed, PlacedRow } from './engine-types';

/** The only writer of the session counters (online_registered, reserved_registered, held_spots, queue_count)
 * and of the registrations' state and queue positions, as one facade over the engine's services: SessionLock
 * (the lock, expired holds), HoldEngine (holds), PlacementEngine (registrations), WaitingListEngine (giving places
 * back, the waiting list, promotion) and CapacityEngine (capacity administration). Every method that takes an
 * EntityManager runs in the caller's transaction; those that change a session want it locked first (lockSession),
 * the engine's lock order: the session row, then registration rows. The fast paths are single statements (named
 * prepared statements on a real server, booking-statements.ts). Rules: booking-rules.ts; design: docs/domain.md
 * "Why this transaction design". */
@Injectable()
export class BookingEngine {
  constructor(
    private readonly lock: SessionLock,
    private readonly holds: HoldEngine,
    private readonly placement: PlacementEngine,
    private readonly waitingList: WaitingListEngine,
    private readonly capacity: CapacityEngine,
  ) {}

  // ---- The session lock and holds (SessionLock, HoldEngine) ----

  lockSession(m: EntityManager, sessionId: number): Promise<LockedSession | null> {
    return this.lock.lockSession(m, sessionId);
  }

  lockRegistration(
    m: EntityManager,
    registrationId: number,
    options: { waitingOnly?: boolean; lock: 'FOR UPDATE' | 'FOR NO KEY UPDATE' },
  ): Promise<{ session: LockedSession; row: PlacedRow & { userTaxId: string } } | null> {
    return this.lock.lockRegistration(m, registrationId, options);
  }

  firstHold(sessionId: number, token: string, spots: number): Promise<Hold | null> {
    return this.holds.firstHold(sessionId, token, spots);
  }

  hold(sessionId: number, token: string, spots: number, minutes: number): Promise<Hold | null> {
    return this.holds.hold(sessionId, token, spots, minutes);
  }

  releaseHoldsOfToken(sessionId: number, token: string): Promise<number> {
    return this.holds.releaseHoldsOfToken(sessionId, token);
  }

  releaseExpiredHold(sessionId: number, holdId: string): Promise<number> {
    return this.holds.releaseExpiredHold(sessionId, holdId);
  }

  releaseExpiredHolds(sessionId: number): Promise<number> {
    return this.holds.releaseExpiredHolds(sessionId);
  }

  // ---- Placement (PlacementEngine) ----

  insertRegistrations(
    m: EntityManager,
    sessionId: number,
    attendees: NewAttendee[],
    options: Parameters<PlacementEngine['insertRegistrations']>[3],
  ): Promise<number[]> {
    return this.placement.insertRegistrations(m, sessionId, attendees, options);
  }

  peopleAlreadyIn(
    sessionId: number,
    people: { email: string; userTaxId: string }[],
  ): Promise<{ email: string; user_tax_id: string }[]> {
    return this.placement.peopleAlreadyIn(sessionId, people);
  }

  placePublicAtOnce(
    db: DataSource | EntityManager,
    sessionId: number,
    attendees: NewAttendee[],
    token: string,
    ip: string | null,
  ): Promise<number[] | null> {
    return this.placement.placePublicAtOnce(db, sessionId, attendees, token, ip);
  }

  placePublicLocked(
    m: EntityManager,
    sessionId: number,
    attendees: NewAttendee[],
    token: string,
    ip: string | null,
  ): Promise<{ placed: Placed[] } | { refusal: BookingRefusal | 'FULL' } | null> {
    return this.placement.placePublicLocked(m, sessionId, attendees, token, ip);
  }

  placeManual(
    m: EntityManager,
    session: LockedSession,
    attendee: NewAttendee,
    forceQueue: boolean,
    ip: string | null,
  ): Promise<{ id: number; queuePosition: number | null } | 'RESERVED_FULL' | 'FULL'> {
    return this.placement.placeManual(m, session, attendee, forceQueue, ip);
  }

  // ---- Giving places back, the waiting list and promotion (WaitingListEngine) ----

  markCancelled(m: EntityManager, registrationId: number): Promise<void> {
    return this.waitingList.markCancelled(m, registrationId);
  }

  deleteRegistrations(
    m: EntityManager,
    registrationIds: number[],
    options: { announce?: boolean } = {},
  ): Promise<void> {
    return this.waitingList.deleteRegistrations(m, registrationIds, options);
  }

  givePlacesBack(m: EntityManager, session: LockedSession, rows: PlacedRow[]): Promise<void> {
    return this.waitingList.givePlacesBack(m, session, rows);
  }

  closeWaitingGap(m: EntityManager, session: LockedSession, position: number): Promise<void> {
    return this.waitingList.closeWaitingGap(m, session, position);
  }

  promoteWaiting(m: EntityManager, session: LockedSession): Promise<number[]> {
    return this.waitingList.promoteWaiting(m, session);
  }

  promoteEntry(m: EntityManager, session: LockedSession, entryId: number, position: number): Promise<boolean> {
    return this.waitingList.promoteEntry(m, session, entryId, position);
  }

  reorderWaitingList(m: EntityManager, session: LockedSession, queueIds: number[]): Promise<boolean> {
    return this.waitingList.reorderWaitingList(m, session, queueIds);
  }

  // ---- Capacity administration (CapacityEngine) ----

  applyCapacity(m: EntityManager, session: LockedSession): Promise<void> {
    return this.capacity.applyCapacity(m, session);
  }

  setWaitingLimitOfComingSessions(
    m: EntityManager,
    limit: number,
  ): Promise<{ id: number; from: number; to: number }[]> {
    return this.capacity.setWaitingLimitOfComingSessions(m, limit);
  }

  clearForDeletion(m: EntityManager, sessionIds: number[]): Promise<boolean> {
    return this.capacity.clearForDeletion(m, sessionIds);
  }
}
