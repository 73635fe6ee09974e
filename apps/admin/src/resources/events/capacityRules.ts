import { MESSAGES, type Session } from '@evreg/contracts';

const C = MESSAGES.capacity;
const S = MESSAGES.sessions;
/** The API's ceiling for any capacity figure (session-capacity DTOs). */
const CAPACITY_MAX = 100_000;

export type CapacityField = 'maxAttendees' | 'reservedSpots' | 'maxQueueSpots';
export type CapacityDraft = Record<CapacityField, string>;
export type CapacityErrors = Partial<Record<CapacityField, string>>;
type Counts = Pick<Session, CapacityField | 'registeredCount' | 'usedReservedSpots' | 'currentQueueCount'>;

export const CAPACITY_FIELDS: readonly CapacityField[] = ['maxAttendees', 'reservedSpots', 'maxQueueSpots'];

export function capacityDraft(session: Counts): CapacityDraft {
  return {
    maxAttendees: String(session.maxAttendees),
    reservedSpots: String(session.reservedSpots),
    maxQueueSpots: String(session.maxQueueSpots),
  };
}

const whole = (value: string) => (/^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null);
const fill = (message: string, n: number) => message.replace('{n}', String(n));

/** docs/product.md §5, inline capacity edit. Total: a number, at least 1, not below the registered people. Reserved: not
 * negative, not above the total, not below the reserved seats in use, and leaving the online part room for the
 * people seated online ('Muy pocos asientos disponibles'). Waiting list: not negative, not above the total, not
 * below the people waiting. A rule is checked when its value, or the total it depends on, was changed: an
 * untouched value is never sent, so an old session whose list is longer than its room stays editable. */
export function capacityErrors(draft: CapacityDraft, session: Counts): CapacityErrors {
  const errors: CapacityErrors = {};
  const changed = (field: CapacityField) => draft[field].trim() !== String(session[field]);
  const total = whole(draft.maxAttendees);
  const totalChanged = changed('maxAttendees');

  if (totalChanged) {
    if (total === null) errors.maxAttendees = S.maxAttendeesInvalid;
    else if (total < 1) errors.maxAttendees = C.maxAttendeesMin;
    else if (total > CAPACITY_MAX) errors.maxAttendees = fill(C.tooLarge, CAPACITY_MAX);
    else if (total < session.registeredCount) errors.maxAttendees = fill(C.belowRegistered, session.registeredCount);
  }
  const room = total !== null && !errors.maxAttendees ? total : null;

  if (changed('reservedSpots') || totalChanged) {
    const reserved = whole(draft.reservedSpots);
    // People seated online: the registered ones that are not on a reserved seat.
    const online = session.registeredCount - session.usedReservedSpots;
    if (reserved === null) errors.reservedSpots = S.reservedSpotsInvalid;
    else if (reserved < 0) errors.reservedSpots = C.reservedNegative;
    else if (room !== null && reserved > room) errors.reservedSpots = C.reservedAboveCapacity;
    else if (reserved < session.usedReservedSpots)
      errors.reservedSpots = fill(C.reservedBelowUsed, session.usedReservedSpots);
    else if (room !== null && reserved > room - online) errors.reservedSpots = C.tooFewSeats;
  }

  if (changed('maxQueueSpots') || totalChanged) {
    const queue = whole(draft.maxQueueSpots);
    if (queue === null) errors.maxQueueSpots = S.maxQueueSpotsInvalid;
    else if (queue < 0) errors.maxQueueSpots = C.waitingLimitNegative;
    else if (room !== null && queue > room) errors.maxQueueSpots = C.waitingLimitAboveCapacity;
    else if (queue < session.currentQueueCount)
      errors.maxQueueSpots = fill(C.waitingLimitBelowWaiting, session.currentQueueCount);
  }
  return errors;
}

export interface CapacityChange {
  field: CapacityField;
  value: number;
}

/** The calls to make, only for changed values, one per value (docs/product.md §5). A growing total goes first, so a larger
 * reserved part or waiting list fits in it; a shrinking total goes last, after the reserved part has made room. */
export function capacityChanges(draft: CapacityDraft, session: Counts): CapacityChange[] {
  const changes = CAPACITY_FIELDS.filter((field) => draft[field].trim() !== String(session[field])).map((field) => ({
    field,
    value: Number(draft[field].trim()),
  }));
  const total = changes.find((c) => c.field === 'maxAttendees');
  if (!total) return changes;
  const others = changes.filter((c) => c !== total);
  return total.value > session.maxAttendees ? [total, ...others] : [...others, total];
}

/** Reserved seats nobody uses: what can be handed over to online booking. */
export const unusedReserved = (session: Pick<Session, 'reservedSpots' | 'usedReservedSpots'>) =>
  Math.max(0, session.reservedSpots - session.usedReservedSpots);

/** docs/product.md §5, redistribute: a whole number from 1 to the unused reserved seats. */
export function redistributeError(
  value: string,
  session: Pick<Session, 'reservedSpots' | 'usedReservedSpots'>,
): string | null {
  const unused = unusedReserved(session);
  const spots = /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
  return spots !== null && spots >= 1 && spots <= unused ? null : fill(C.redistributeRange, unused);
}
