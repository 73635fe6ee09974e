import type { Session } from '@evreg/contracts';
import {
  countryName,
  formatDate,
  formatTime,
  calendarLinks,
  imageSrc,
  isBookable,
  isDisabled,
  priceText,
  sessionLabel,
  websiteUrl,
} from './format';

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

describe('sessions that have started (issue 19)', () => {
  const startsAt = '2026-12-05T17:30:00.000Z';
  const endsAt = '2026-12-05T19:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('is bookable before its start by the server clock, not after', () => {
    const s = session({ startsAt, endsAt, hasStarted: false });
    expect(isBookable(s, at('2026-12-05T17:29:59Z'))).toBe(true);
    expect(isBookable(s, at('2026-12-05T17:30:00Z'))).toBe(false);
    expect(sessionLabel(s, at('2026-12-05T17:30:00Z'))).toMatch(/\(Ya ha comenzado\)$/);
    expect(sessionLabel(s, at('2026-12-05T19:00:00Z'))).toMatch(/\(Finalizada\)$/);
  });

  it("trusts the server's flag", () => {
    const s = session({ startsAt, endsAt, hasStarted: true });
    expect(isDisabled(s, at('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('a waiting-list session is offered but not pre-selected (no free places)', () => {
    const s = session({ availableSpots: 0, currentQueueCount: 1 });
    expect(isDisabled(s)).toBe(false);
    expect(isBookable(s, 0)).toBe(false);
  });
});

describe('event facts (issue 19)', () => {
  it('price: free or euros as in Spain', () => {
    expect(priceText(0)).toBe('Gratuito');
    expect(priceText(7.5)).toBe('7,50 €');
  });

  it('country in Spanish from English names and ISO codes, anything else as stored', () => {
    expect(countryName('Spain')).toBe('España');
    expect(countryName('ES')).toBe('España');
    expect(countryName('España')).toBe('España');
    expect(countryName('France')).toBe('Francia');
    expect(countryName('pt')).toBe('Portugal');
    expect(countryName('Narnia')).toBe('Narnia');
    expect(countryName(null)).toBe('');
  });

  it("organiser's web address: http(s) only", () => {
    expect(websiteUrl('www.example.es')).toBe('https://www.example.es');
    expect(websiteUrl('http://example.es')).toBe('http://example.es');
    expect(websiteUrl('javascript:alert(1)')).toBeNull();
  });

  const entry = {
    title: 'Visita',
    startsAt: '2026-12-05T17:30:00.000Z',
    endsAt: '2026-12-05T19:00:00Z',
    details: 'Referencia: R-000001',
    location: 'Madrid',
  };

  it('Google Calendar link with UTC dates', () => {
    const [name, href] = calendarLinks(entry)[0];
    const url = new URL(href);
    expect(name).toBe('Google Calendar');
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('dates')).toBe('20261205T173000Z/20261205T190000Z');
    expect(url.searchParams.get('text')).toBe('Visita');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('details')).toBe('Referencia: R-000001');
  });

  it('Outlook link (outlook.live.com add-event page) with UTC instants and the same texts', () => {
    const [name, href] = calendarLinks(entry)[1];
    const url = new URL(href);
    expect(name).toBe('Outlook');
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/action/compose');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      rru: 'addevent',
      subject: 'Visita',
      startdt: '2026-12-05T17:30:00.000Z',
      enddt: '2026-12-05T19:00:00.000Z',
      body: 'Referencia: R-000001',
      location: 'Madrid',
    });
  });
});
