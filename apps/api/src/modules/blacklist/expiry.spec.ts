import { MESSAGES } from '@evreg/contracts';
import { calendarDate, expiryProblem, parseExpiry } from './expiry';

describe('parseExpiry', () => {
  it('reads a date as the end of that day in Madrid, summer and winter', () => {
    expect(parseExpiry('2026-07-15')?.toISOString()).toBe('2026-07-15T21:59:59.999Z');
    expect(parseExpiry('2026-01-15')?.toISOString()).toBe('2026-01-15T22:59:59.999Z');
    // The days the clocks change.
    expect(parseExpiry('2026-03-29')?.toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(parseExpiry('2026-10-25')?.toISOString()).toBe('2026-10-25T22:59:59.999Z');
  });

  it('takes a date-time with an offset as that instant, and one without as Madrid wall time', () => {
    expect(parseExpiry('2026-07-15T10:00:00Z')?.toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(parseExpiry('2026-07-15T10:00:00.123+02:00')?.toISOString()).toBe('2026-07-15T08:00:00.123Z');
    expect(parseExpiry('2026-07-15T10:00:00-0300')?.toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(parseExpiry('2026-07-15T10:00')?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(parseExpiry('2026-12-01 18:30:00')?.toISOString()).toBe('2026-12-01T17:30:00.000Z');
  });

  it('refuses what is not a real date', () => {
    for (const text of [
      '',
      'mañana',
      '2026-02-30',
      '2026-13-01',
      '2026-7-1',
      '15/07/2026',
      '2026-07-15T24:00',
      '2026-07-15T10:61',
      '0000-01-01',
    ]) {
      expect({ text, parsed: parseExpiry(text) }).toEqual({ text, parsed: null });
    }
  });
});

describe('expiryProblem', () => {
  // 23:30 in Madrid on 15 July 2026 (UTC+2).
  const now = new Date('2026-07-15T21:30:00Z');

  it('accepts today (as a date) and any later moment', () => {
    expect(expiryProblem(parseExpiry('2026-07-15')!, now)).toBeNull();
    expect(expiryProblem(parseExpiry('2026-07-16')!, now)).toBeNull();
    expect(expiryProblem(parseExpiry('2026-07-15T23:45')!, now)).toBeNull();
  });

  it('refuses a day before today in Madrid, even when it is still that day in UTC', () => {
    expect(expiryProblem(parseExpiry('2026-07-14')!, now)).toBe(MESSAGES.blacklist.expiresAtBeforeToday);
    // 00:10 on the 16th in Madrid is still the 15th in UTC.
    const afterMidnight = new Date('2026-07-15T22:10:00Z');
    expect(calendarDate(afterMidnight)).toBe('2026-07-16');
    expect(expiryProblem(parseExpiry('2026-07-15')!, afterMidnight)).toBe(MESSAGES.blacklist.expiresAtBeforeToday);
  });

  it('refuses a moment of today that has already passed', () => {
    expect(expiryProblem(parseExpiry('2026-07-15T20:00')!, now)).toBe(MESSAGES.blacklist.expiresAtPast);
  });
});
