import { SMS_LIMITS } from './sms';
import { notificationSmsText } from './sms-parts';

const session = { eventTitle: 'Concierto de Año Nuevo', startDate: '2026-12-31', startTime: '20:30', isAllDay: false };

describe('notificationSmsText', () => {
  it("adds the event's title, date and start time on a new line", () => {
    expect(notificationSmsText('Se abren las puertas a las 20:00.', session)).toBe(
      'Se abren las puertas a las 20:00.\nConcierto de Año Nuevo: 31/12/2026 20:30',
    );
  });

  it('leaves the time out for an all-day session', () => {
    expect(notificationSmsText('Hola', { ...session, isAllDay: true })).toBe(
      'Hola\nConcierto de Año Nuevo: 31/12/2026',
    );
  });

  it('cuts a long title so the details take at most 80 characters, and the whole SMS at most 160', () => {
    const text = notificationSmsText('m'.repeat(SMS_LIMITS.messageMax), {
      ...session,
      eventTitle: 'Gran festival internacional '.repeat(5),
    });
    const details = text.slice(SMS_LIMITS.messageMax);
    expect(details.length).toBe(SMS_LIMITS.eventDetailsMax);
    expect(details).toMatch(/^\nGran festival internacional .*\.\.\.: 31\/12\/2026 20:30$/);
    expect(text.length).toBe(SMS_LIMITS.total);
  });
});

describe('notificationSmsText with the back office session shape', () => {
  it('leaves the seconds of a HH:MM:SS start time out, as the server writes it', () => {
    expect(notificationSmsText('Hola', { ...session, startTime: '20:30:00' })).toBe(
      'Hola\nConcierto de Año Nuevo: 31/12/2026 20:30',
    );
  });
});
