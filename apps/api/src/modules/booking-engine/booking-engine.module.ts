import { Module } from '@nestjs/common';
import { BookingBatches } from './booking-batches';
import { BookingEngine } from './booking-engine.service';

/** The booking engine: the one home of the session counters and of the registrations' states and queue
 * positions (holds, seats, waiting list, promotion, giving places back). Holds, registrations, the waiting
 * list, capacity changes, event and session deletion and GDPR import this module and inject BookingEngine;
 * holds and public registrations go through BookingBatches, which decides concurrent ones of a session together.
 * It records its messages through the global e-mail and SMS outboxes. */
@Module({ providers: [BookingEngine, BookingBatches], exports: [BookingEngine, BookingBatches] })
export class BookingEngineModule {}
