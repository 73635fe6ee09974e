import {
  byStart,
  eventMatches,
  eventPlace,
  formatDay,
  sessionAvailability,
  sessionMatches,
  sessionRange,
} from './sessionChoice';

const event = { title: 'Visita guiada al Madrid de los Austrias', city: 'Madrid', address: 'Calle de Alcalá 42' };
const session = { id: 1, startDate: '2026-03-05', startTime: '10:00:00', endTime: '11:30:00', isAllDay: false };

describe('elegir evento y sesión (especificación 2, Registro manual)', () => {
  it('el buscador de eventos filtra por título, ciudad o dirección sin distinguir mayúsculas ni tildes', () => {
    expect(eventMatches(event, 'austrias')).toBe(true);
    expect(eventMatches(event, 'MADRID')).toBe(true);
    expect(eventMatches(event, 'alcala')).toBe(true);
    expect(eventMatches(event, '  ')).toBe(true);
    expect(eventMatches(event, 'Sevilla')).toBe(false);
    expect(eventMatches({ ...event, address: null as unknown as string }, 'calle')).toBe(false);
  });

  it("el evento se muestra con 'ciudad - dirección'", () => {
    expect(eventPlace(event)).toBe('Madrid - Calle de Alcalá 42');
    expect(eventPlace({ ...event, address: '' })).toBe('Madrid');
  });

  it('la sesión se muestra con fecha y horas (fin recortado a HH:MM)', () => {
    expect(sessionRange(session)).toBe('05/03/2026 10:00 - 11:30');
    expect(sessionRange({ ...session, isAllDay: true })).toBe('05/03/2026 (todo el día)');
    expect(formatDay('no')).toBe('Fecha inválida');
  });

  it("disponibilidad: plazas libres, 'Lista espera' o 'Completo'", () => {
    expect(sessionAvailability({ availableSpots: 3, currentQueueCount: 0, maxQueueSpots: 5 })).toBe(
      '3 plazas disponibles',
    );
    expect(sessionAvailability({ availableSpots: 1, currentQueueCount: 0, maxQueueSpots: 5 })).toBe(
      '1 plaza disponible',
    );
    expect(sessionAvailability({ availableSpots: 0, currentQueueCount: 4, maxQueueSpots: 5 })).toBe('Lista espera');
    expect(sessionAvailability({ availableSpots: 0, currentQueueCount: 5, maxQueueSpots: 5 })).toBe('Completo');
    expect(sessionAvailability({ availableSpots: 0, currentQueueCount: 0, maxQueueSpots: 0 })).toBe('Completo');
  });

  it('el buscador de sesiones filtra por el texto de la fecha', () => {
    expect(sessionMatches(session, '05/03')).toBe(true);
    expect(sessionMatches(session, '2026-03')).toBe(true);
    expect(sessionMatches(session, '06/03')).toBe(false);
    expect(sessionMatches(session, '')).toBe(true);
  });

  it('las sesiones se ordenan por comienzo', () => {
    const later = { ...session, id: 2, startDate: '2026-04-01' };
    const earlier = { ...session, id: 3, startTime: '09:00:00' };
    expect(byStart([later, session, earlier]).map((s) => s.id)).toEqual([3, 1, 2]);
  });
});
