import { BLACKLIST_TIME_ZONE, MESSAGES } from '@evreg/contracts';

/** An expiresAt as sent: 'YYYY-MM-DD' (the end of that day in the zone), a date-time with an offset or Z, or a
 * date-time without one (a wall-clock time in the zone). */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant an expiresAt stands for, or null when it is not a real date (2026-02-30, 25:00, free text). */
export function parseExpiry(value: string, timeZone: string = BLACKLIST_TIME_ZONE): Date | null {
  const text = value.trim();
  const date = DATE_ONLY.exec(text);
  if (date) {
    const [y, m, d] = date.slice(1).map(Number);
    if (!isCalendarDate(y, m, d)) return null;
    return wallTimeToInstant(timeZone, y, m, d, 23, 59, 59, 999);
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return null;
  const [y, m, d, h, mi] = dateTime.slice(1, 6).map(Number);
  const s = Number(dateTime[6] ?? 0);
  const ms = Number((dateTime[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (!isCalendarDate(y, m, d) || h > 23 || mi > 59 || s > 59) return null;
  const offset = dateTime[8];
  if (!offset) return wallTimeToInstant(timeZone, y, m, d, h, mi, s, ms);
  const instant = new Date(
    `${dateTime[1]}-${dateTime[2]}-${dateTime[3]}T${dateTime[4]}:${dateTime[5]}:${pad(s)}.${pad(ms, 3)}${normaliseOffset(offset)}`,
  );
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Why an expiry can't be accepted now, or null: its day (in the zone) must not be before today, and a
 * date-time must not have passed already. A date-only value ends at 23:59:59.999, so today is accepted. */
export function expiryProblem(
  expiresAt: Date,
  now: Date = new Date(),
  timeZone: string = BLACKLIST_TIME_ZONE,
): string | null {
  if (calendarDate(expiresAt, timeZone) < calendarDate(now, timeZone)) return MESSAGES.blacklist.expiresAtBeforeToday;
  if (expiresAt.getTime() <= now.getTime()) return MESSAGES.blacklist.expiresAtPast;
  return null;
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export function calendarDate(instant: Date, timeZone: string = BLACKLIST_TIME_ZONE): string {
  const p = zonedParts(instant.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function wallTimeToInstant(
  timeZone: string,
  y: number,
  m: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
): Date {
  const asUtc = Date.UTC(y, m - 1, d, h, mi, s, ms);
  // Two passes: the zone's offset at the first guess may differ from the one at the result around a DST change.
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** The zone's offset from UTC, in milliseconds, at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSeconds;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(instant: number, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function normaliseOffset(offset: string): string {
  if (/^z$/i.test(offset)) return 'Z';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}
