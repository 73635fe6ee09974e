import { SessionCounters } from './booking-rules';

export type { NewAttendee } from './booking-statements';

/** The session row as the booking engine needs it, read under a row lock so every decision is taken on
 * counts nobody else can change until this transaction ends. */
export interface LockedSession extends SessionCounters {
  id: number;
  eventId: number;
  eventTitle: string;
  eventStatus: number;
  isRegistrationOpen: boolean;
  started: boolean;
  /** Spots of expired holds deleted when the lock was taken. */
  reclaimedSpots: number;
}

/** A registration row as giving back its place needs it. */
export interface PlacedRow {
  id: number;
  state: number;
  usesReservedSpot: boolean;
  queuePosition: number | null;
}

export interface Placed {
  id: number;
  queuePosition: number | null;
}

export interface Hold {
  id: string;
  expiresAt: Date;
}
