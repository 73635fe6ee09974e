import { Module } from '@nestjs/common';
import { BookingBatches } from './booking-batches';
import { BookingEngine } from './booking-engine.service';
import { CapacityEngine } from './capacity-engine.service';
import { HoldEngine } from './hold-engine.service';
import { MoveEngine } from './move-engine.service';
import { PlacementEngine } from './placement-engine.service';
import { SessionLock } from './session-lock.service';
import { SessionRoom } from './session-room';
import { WaitingListEngine } from './waiting-list-engine.service';

/** The booking engine: the one home of the session counters and of the registrations' states and queue
 * positions (holds, seats, waiting list, promotion, giving places back). Holds, registrations, the waiting
 * list, capacity changes, event and session deletion and GDPR import this module and inject BookingEngine, the
 * facade over its services (one per concern); holds and public registrations go through BookingBatches, which
 * decides concurrent ones of a session together; staff moves between sessions go through MoveEngine. It records its messages through the global e-mail, SMS and
 * webhook outboxes. */
@Module({
  providers: [
    SessionLock,
    HoldEngine,
    PlacementEngine,
    WaitingListEngine,
    CapacityEngine,
    BookingEngine,
    BookingBatches,
    SessionRoom,
    MoveEngine,
  ],
  exports: [BookingEngine, BookingBatches, SessionRoom, MoveEngine],
})
export class BookingEngineModule {}
