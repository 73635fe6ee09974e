import { MESSAGES, type Session, type SessionPayload } from '@evreg/contracts';

const M = MESSAGES.sessions;

/** The session form as the dialog holds it (inputs of type date and time, numbers as typed). */
export interface SessionFormValues {
  startDate: string;
  endDate: string;
  isAllDay: boolean;
  startTime: string;
  endTime: string;
  maxAttendees: string;
  reservedSpots: string;
  maxQueueSpots: string;
  isRegistrationOpen: boolean;
  isPromotionLocked: boolean;
}

/** docs/product.md §5 and §9: capacity 20, reserved 5, waiting list 10 (the default limit setting when it can be read), 10:00
 * to 11:30. An all-day session is sent from 00:00 to 23:59. */
export const SESSION_DEFAULTS = {
  maxAttendees: 20,
  reservedSpots: 5,
  maxQueueSpots: 10,
  startTime: '10:00',
  endTime: '11:30',
} as const;
export const ALL_DAY = { startTime: '00:00', endTime: '23:59' } as const;

export function newSessionValues(defaultQueue: number = SESSION_DEFAULTS.maxQueueSpots): SessionFormValues {
  return {
    startDate: '',
    endDate: '',
    isAllDay: false,
    startTime: SESSION_DEFAULTS.startTime,
    endTime: SESSION_DEFAULTS.endTime,
    maxAttendees: String(SESSION_DEFAULTS.maxAttendees),
    reservedSpots: String(SESSION_DEFAULTS.reservedSpots),
    maxQueueSpots: String(defaultQueue),
    isRegistrationOpen: true,
    isPromotionLocked: false,
  };
}

/** The dialog's values for an existing session (times shown as HH:MM). */
export function sessionFormValues(session: Session): SessionFormValues {
  return {
    startDate: session.startDate,
    endDate: session.endDate,
    isAllDay: session.isAllDay,
    startTime: session.isAllDay ? SESSION_DEFAULTS.startTime : hhmm(session.startTime),
    endTime: session.isAllDay ? SESSION_DEFAULTS.endTime : hhmm(session.endTime),
    maxAttendees: String(session.maxAttendees),
    reservedSpots: String(session.reservedSpots),
    maxQueueSpots: String(session.maxQueueSpots),
    isRegistrationOpen: session.isRegistrationOpen,
    isPromotionLocked: session.isPromotionLocked,
  };
}

export const hhmm = (time: string) => time.slice(0, 5);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const wholeNumber = (value: string) => (/^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null);

export type SessionFormErrors = Partial<Record<keyof SessionFormValues, string>>;

/** docs/product.md §5, session form: dates required, times required unless all day, the end not before the start (on one
 * day, the end time after the start time), capacity above 0, reserved not negative nor above the capacity,
 * waiting list not negative. On edit the capacity is not part of the form (it has its own inline edit). */
export function sessionFormErrors(values: SessionFormValues, mode: 'create' | 'edit'): SessionFormErrors {
  const errors: SessionFormErrors = {};
  const startDate = values.startDate?.trim() ?? '';
  const endDate = values.endDate?.trim() ?? '';
  if (!startDate) errors.startDate = M.startDateRequired;
  else if (!DATE.test(startDate)) errors.startDate = M.startDateInvalid;
  if (!endDate) errors.endDate = M.endDateRequired;
  else if (!DATE.test(endDate)) errors.endDate = M.endDateInvalid;
  else if (!errors.startDate && endDate < startDate) errors.endDate = M.endDateBeforeStart;

  if (!values.isAllDay) {
    const startTime = values.startTime?.trim() ?? '';
    const endTime = values.endTime?.trim() ?? '';
    if (!startTime) errors.startTime = M.startTimeRequired;
    else if (!TIME.test(startTime)) errors.startTime = M.startTimeInvalid;
    if (!endTime) errors.endTime = M.endTimeRequired;
    else if (!TIME.test(endTime)) errors.endTime = M.endTimeInvalid;
    // Zero-padded times compare correctly as text.
    else if (!errors.startTime && !errors.startDate && startDate === endDate && hhmm(endTime) <= hhmm(startTime))
      errors.endTime = M.endTimeNotAfterStart;
  }

  if (mode === 'create') {
    const capacity = wholeNumber(values.maxAttendees ?? '');
    const reserved = wholeNumber(values.reservedSpots ?? '');
    const queue = wholeNumber(values.maxQueueSpots ?? '');
    if (capacity === null || capacity < 1) errors.maxAttendees = M.maxAttendeesInvalid;
    if (reserved === null || reserved < 0) errors.reservedSpots = M.reservedSpotsInvalid;
    else if (capacity !== null && capacity >= 1 && reserved > capacity) errors.reservedSpots = M.reservedAboveCapacity;
    if (queue === null || queue < 0) errors.maxQueueSpots = M.maxQueueSpotsInvalid;
  }
  return errors;
}

export type SessionSchedulePayload = Omit<SessionPayload, 'maxAttendees' | 'reservedSpots' | 'maxQueueSpots'>;

/** POST /events/{id}/sessions (with the capacity) or PUT .../{sessionId} (the schedule and the flags). */
export function sessionPayload(values: SessionFormValues, mode: 'create'): SessionPayload;
export function sessionPayload(values: SessionFormValues, mode: 'edit'): SessionSchedulePayload;
export function sessionPayload(
  values: SessionFormValues,
  mode: 'create' | 'edit',
): SessionPayload | SessionSchedulePayload {
  const times = values.isAllDay
    ? ALL_DAY
    : { startTime: hhmm(values.startTime.trim()), endTime: hhmm(values.endTime.trim()) };
  const schedule = {
    startDate: values.startDate.trim(),
    endDate: values.endDate.trim(),
    ...times,
    isAllDay: !!values.isAllDay,
    isRegistrationOpen: !!values.isRegistrationOpen,
    isPromotionLocked: !!values.isPromotionLocked,
  };
  if (mode === 'edit') return schedule;
  return {
    ...schedule,
    maxAttendees: Number(values.maxAttendees.trim()),
    reservedSpots: Number(values.reservedSpots.trim()),
    maxQueueSpots: Number(values.maxQueueSpots.trim()),
  };
}

/** 'YYYY-MM-DD HH:MM' of an instant in a time zone. */
function localMinute(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** docs/product.md §5: a session may be dated in the past (to record one that took place), but staff are warned
 * first. True when the start (its date and time, 00:00 all day, in the event's time zone) is before `now`, on a new
 * session or when an edit moves the start. */
export function startsInPast(
  values: SessionFormValues,
  timeZone: string,
  now: Date,
  saved?: Pick<Session, 'startDate' | 'startTime' | 'isAllDay'>,
): boolean {
  const start = sessionPayload(values, 'edit');
  if (
    saved &&
    saved.startDate === start.startDate &&
    (saved.isAllDay ? ALL_DAY.startTime : hhmm(saved.startTime)) === start.startTime
  )
    return false;
  try {
    return `${start.startDate} ${start.startTime}` < localMinute(now, timeZone);
  } catch {
    // An unknown zone is the server's to refuse; compare in UTC meanwhile.
    return `${start.startDate} ${start.startTime}` < localMinute(now, 'UTC');
  }
}

/** The warning's text, 'dd/mm/yyyy'. */
export function pastSessionQuestion(values: SessionFormValues): string {
  const [year, month, day] = values.startDate.trim().split('-');
  return `La sesión empieza el ${day}/${month}/${year}${values.isAllDay ? '' : ` a las ${hhmm(values.startTime.trim())}`}, una fecha ya pasada. ¿Guardarla de todos modos?`;
}
