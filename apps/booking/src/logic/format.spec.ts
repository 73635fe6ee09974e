import type { Session } from '@evreg/contracts';
import { formatDate, formatTime, imageSrc, isDisabled, sessionLabel } from './format';

const session = (over: Partial<Session>): Session =>
  ({
    id: 1,
    startDate: '2026-12-05',
    startTime: '18:30:00',
    endTime: '20:00:00',
    isAllDay: false,
    availableSpots: 5,
    maxQueueSpots: 10,
    currentQueueCount: 0,
    isRegistrationOpen: true,
    ...over,
  }) as Session;

describe('session labels (docs/product.md §2)', () => {
  it('shows the Spanish date and the 24-hour start time', () => {
    expect(sessionLabel(session({}))).toBe('sábado, 5 de diciembre de 2026 - 18:30');
    expect(formatDate('2026-01-01')).toBe('jueves, 1 de enero de 2026');
    expect(formatTime('09:05:00')).toBe('09:05');
  });

  it('leaves the time out for an all-day session', () => {
    expect(sessionLabel(session({ isAllDay: true }))).toBe('sábado, 5 de diciembre de 2026');
  });

  it('labels a full session with a waiting list, and keeps it selectable', () => {
    const s = session({ availableSpots: 0, currentQueueCount: 3 });
    expect(sessionLabel(s)).toMatch(/\(Lista de Espera\)$/);
    expect(isDisabled(s)).toBe(false);
  });

  it('labels and disables a session whose places and waiting list are full', () => {
    const s = session({ availableSpots: 0, maxQueueSpots: 2, currentQueueCount: 2 });
    expect(sessionLabel(s)).toMatch(/\(Completo\)$/);
    expect(isDisabled(s)).toBe(true);
    expect(isDisabled(session({ availableSpots: 0, maxQueueSpots: 0 }))).toBe(true);
  });

  it('labels and disables a closed session, even with places', () => {
    const s = session({ isRegistrationOpen: false });
    expect(sessionLabel(s)).toMatch(/\(Inscripciones Cerradas\)$/);
    expect(isDisabled(s)).toBe(true);
  });
});

describe('imageSrc', () => {
  it('keeps absolute and data: image addresses', () => {
    expect(imageSrc('https://cdn.example.com/a.jpg', 'http://localhost:5173')).toBe('https://cdn.example.com/a.jpg');
    expect(imageSrc('//cdn.example.com/a.jpg')).toBe('//cdn.example.com/a.jpg');
    expect(imageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('prefixes relative addresses with the configured server, or leaves them relative', () => {
    expect(imageSrc('/uploads/a.jpg', 'http://localhost:5173/')).toBe('http://localhost:5173/uploads/a.jpg');
    expect(imageSrc('uploads/a.jpg', 'http://localhost:5173')).toBe('http://localhost:5173/uploads/a.jpg');
    expect(imageSrc('/uploads/a.jpg')).toBe('/uploads/a.jpg');
  });

  it('drops empty and script addresses', () => {
    expect(imageSrc('')).toBeNull();
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc('javascript:alert(1)')).toBeNull();
  });
});
