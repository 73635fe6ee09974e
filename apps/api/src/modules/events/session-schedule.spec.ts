import { isCalendarDate, isClockTime, readSchedule } from './session-schedule';

describe('session dates and times (docs/product.md §5, session form)', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    for (const ok of ['2026-05-09', '2024-02-29', '2026-12-31']) expect(isCalendarDate(ok)).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-5-9',
      '09/05/2026',
      '2026-05-09T10:00',
      '',
      null,
      20260509,
    ]) {
      expect({ bad, ok: isCalendarDate(bad) }).toEqual({ bad, ok: false });
    }
  });

  it('accepts HH:MM and HH:MM:SS on a 24-hour clock', () => {
    for (const ok of ['00:00', '10:00', '23:59', '10:00:00', '23:59:59']) expect(isClockTime(ok)).toBe(true);
    for (const bad of ['24:00', '9:00', '10:60', '10:00:60', '10', '10:00:00.5', '', null])
      expect({ bad, ok: isClockTime(bad) }).toEqual({ bad, ok: false });
  });

  it('stores times with seconds, and an all-day session from 00:00:00 to 23:59:00 whatever was sent', () => {
    expect(
      readSchedule({ startDate: '2026-05-09', endDate: '2026-05-09', startTime: '10:00', endTime: '11:30:15' }),
    ).toEqual({
      schedule: {
        startDate: '2026-05-09',
        endDate: '2026-05-09',
        startTime: '10:00:00',
        endTime: '11:30:15',
        isAllDay: false,
      },
      errors: {},
    });
    expect(
      readSchedule({
        startDate: '2026-05-09',
        endDate: '2026-05-09',
        startTime: '18:00',
        endTime: '09:00',
        isAllDay: true,
      }).schedule,
    ).toEqual({
      startDate: '2026-05-09',
      endDate: '2026-05-09',
      startTime: '00:00:00',
      endTime: '23:59:00',
      isAllDay: true,
    });
  });

  it('refuses an end date before the start, and on one day an end time not after the start', () => {
    expect(
      readSchedule({ startDate: '2026-05-09', endDate: '2026-05-08', startTime: '10:00', endTime: '11:00' }).errors,
    ).toEqual({
      endDate: ['La fecha de fin no puede ser anterior a la fecha de inicio'],
    });
    for (const endTime of ['10:00', '09:59', '10:00:00']) {
      expect(
        readSchedule({ startDate: '2026-05-09', endDate: '2026-05-09', startTime: '10:00', endTime }).errors,
      ).toEqual({
        endTime: ['La hora de fin debe ser posterior a la hora de inicio'],
      });
    }
    // Over several days the end time may be earlier in the day.
    expect(
      readSchedule({ startDate: '2026-05-09', endDate: '2026-05-10', startTime: '22:00', endTime: '02:00' }).errors,
    ).toEqual({});
    expect(
      readSchedule({ startDate: '2026-05-09', endDate: '2026-05-09', startTime: '10:00', endTime: '10:00:01' }).errors,
    ).toEqual({});
  });
});
