import { ALL_DAY_TIMES, MESSAGES } from '@evreg/contracts';

/** 'YYYY-MM-DD' naming a day that exists (no 2025-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'HH:MM' or 'HH:MM:SS', 24-hour clock. */
export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}

export interface ScheduleInput {
  startDate: string;
  endDate: string;
  startTime?: string;
  endTime?: string;
  isAllDay?: boolean;
}

export type Schedule = Required<ScheduleInput>;

/** The session form's date rules (docs/product.md §5) on input whose formats the DTO has already checked: times
 * as HH:MM:SS, an all-day session from 00:00:00 to 23:59:00 whatever times were sent, the end date not before
 * the start date and, on one day, the end time after the start time. */
export function readSchedule(input: ScheduleInput): { schedule: Schedule; errors: Record<string, string[]> } {
  const isAllDay = input.isAllDay === true;
  const schedule: Schedule = {
    startDate: input.startDate,
    endDate: input.endDate,
    startTime: isAllDay ? ALL_DAY_TIMES.startTime : withSeconds(input.startTime ?? ''),
    endTime: isAllDay ? ALL_DAY_TIMES.endTime : withSeconds(input.endTime ?? ''),
    isAllDay,
  };
  const errors: Record<string, string[]> = {};
  // ISO dates and zero-padded times compare correctly as text.
  if (schedule.endDate < schedule.startDate) errors.endDate = [MESSAGES.sessions.endDateBeforeStart];
  else if (schedule.endDate === schedule.startDate && schedule.endTime <= schedule.startTime) {
    errors.endTime = [MESSAGES.sessions.endTimeNotAfterStart];
  }
  return { schedule, errors };
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}
