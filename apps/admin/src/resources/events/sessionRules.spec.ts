import type { Session } from '@evreg/contracts';
import {
  newSessionValues,
  pastSessionQuestion,
  sessionFormErrors,
  sessionFormValues,
  sessionPayload,
  startsInPast,
} from './sessionRules';

const filled = { ...newSessionValues(), startDate: '2026-05-09', endDate: '2026-05-09' };

describe('formulario de sesión (especificación 5)', () => {
  it('valores por defecto: capacidad 20, reservadas 5, lista de espera 10, de 10:00 a 11:30', () => {
    expect(newSessionValues()).toMatchObject({
      maxAttendees: '20',
      reservedSpots: '5',
      maxQueueSpots: '10',
      startTime: '10:00',
      endTime: '11:30',
      isAllDay: false,
    });
    expect(newSessionValues(15).maxQueueSpots).toBe('15');
    expect(sessionFormErrors(filled, 'create')).toEqual({});
  });

  it('fechas requeridas; horas requeridas salvo todo el día', () => {
    expect(sessionFormErrors({ ...newSessionValues(), startTime: '', endTime: '' }, 'create')).toEqual({
      startDate: 'La fecha de inicio es requerida',
      endDate: 'La fecha de fin es requerida',
      startTime: 'La hora de inicio es requerida',
      endTime: 'La hora de fin es requerida',
    });
    expect(sessionFormErrors({ ...filled, isAllDay: true, startTime: '', endTime: '' }, 'create')).toEqual({});
  });

  it('la fecha de fin no antes que la de inicio; el mismo día, la hora de fin después de la de inicio', () => {
    expect(sessionFormErrors({ ...filled, endDate: '2026-05-08' }, 'create')).toEqual({
      endDate: 'La fecha de fin no puede ser anterior a la fecha de inicio',
    });
    expect(sessionFormErrors({ ...filled, startTime: '11:30', endTime: '11:30' }, 'create')).toEqual({
      endTime: 'La hora de fin debe ser posterior a la hora de inicio',
    });
    expect(sessionFormErrors({ ...filled, startTime: '12:00', endTime: '09:00' }, 'create').endTime).toBe(
      'La hora de fin debe ser posterior a la hora de inicio',
    );
    // Over several days it may end earlier in the day.
    expect(
      sessionFormErrors({ ...filled, endDate: '2026-05-10', startTime: '22:00', endTime: '02:00' }, 'create'),
    ).toEqual({});
  });

  it('capacidad mayor que 0; reservadas no negativas ni por encima de la capacidad; lista de espera no negativa', () => {
    expect(
      sessionFormErrors({ ...filled, maxAttendees: '0', reservedSpots: '-1', maxQueueSpots: '-2' }, 'create'),
    ).toEqual({
      maxAttendees: 'La capacidad debe ser un número entero mayor que 0',
      reservedSpots: 'Las plazas reservadas deben ser un número entero no negativo',
      maxQueueSpots: 'El máximo de la lista de espera debe ser un número entero no negativo',
    });
    expect(sessionFormErrors({ ...filled, maxAttendees: '4', reservedSpots: '5' }, 'create')).toEqual({
      reservedSpots: 'Las plazas reservadas no pueden superar la capacidad',
    });
    expect(sessionFormErrors({ ...filled, maxAttendees: 'veinte' }, 'create').maxAttendees).toBe(
      'La capacidad debe ser un número entero mayor que 0',
    );
    // On edit the capacity is not in the form.
    expect(sessionFormErrors({ ...filled, maxAttendees: '0' }, 'edit')).toEqual({});
  });

  it('todo el día se envía de 00:00 a 23:59; al editar no se envía la capacidad', () => {
    expect(sessionPayload({ ...filled, isAllDay: true }, 'create')).toEqual({
      startDate: '2026-05-09',
      endDate: '2026-05-09',
      startTime: '00:00',
      endTime: '23:59',
      isAllDay: true,
      isRegistrationOpen: true,
      isPromotionLocked: false,
      maxAttendees: 20,
      reservedSpots: 5,
      maxQueueSpots: 10,
    });
    const edit = sessionPayload({ ...filled, startTime: '09:15' }, 'edit');
    expect(edit).toEqual({
      startDate: '2026-05-09',
      endDate: '2026-05-09',
      startTime: '09:15',
      endTime: '11:30',
      isAllDay: false,
      isRegistrationOpen: true,
      isPromotionLocked: false,
    });
  });

  it('los valores de una sesión existente muestran las horas como HH:MM', () => {
    const session = {
      id: 1,
      eventId: 2,
      startDate: '2026-05-09',
      endDate: '2026-05-09',
      startTime: '18:00:00',
      endTime: '19:30:00',
      isAllDay: false,
      startsAt: '2026-05-09T16:00:00Z',
      endsAt: '2026-05-09T17:30:00Z',
      hasStarted: false,
      maxAttendees: 30,
      reservedSpots: 2,
      usedReservedSpots: 0,
      maxQueueSpots: 4,
      registeredCount: 0,
      availableSpots: 28,
      activeHoldsCount: 0,
      currentQueueCount: 0,
      isPromotionLocked: true,
      isRegistrationOpen: false,
    } satisfies Session;
    expect(sessionFormValues(session)).toEqual({
      startDate: '2026-05-09',
      endDate: '2026-05-09',
      isAllDay: false,
      startTime: '18:00',
      endTime: '19:30',
      maxAttendees: '30',
      reservedSpots: '2',
      maxQueueSpots: '4',
      isRegistrationOpen: false,
      isPromotionLocked: true,
    });
  });

  it('aviso antes de guardar una sesión en el pasado (permitido): su inicio en la zona del evento antes de ahora', () => {
    // 2026-03-10 09:30 UTC is 10:30 in Madrid.
    const now = new Date('2026-03-10T09:30:00Z');
    const at = (startDate: string, startTime: string, isAllDay = false) => ({
      ...newSessionValues(),
      startDate,
      endDate: startDate,
      startTime,
      endTime: '23:00',
      isAllDay,
    });
    expect(startsInPast(at('2026-03-10', '10:00'), 'Europe/Madrid', now)).toBe(true);
    expect(startsInPast(at('2026-03-10', '10:31'), 'Europe/Madrid', now)).toBe(false);
    // In UTC 10:00 is still to come.
    expect(startsInPast(at('2026-03-10', '10:00'), 'UTC', now)).toBe(false);
    // All day starts at 00:00.
    expect(startsInPast(at('2026-03-10', '12:00', true), 'Europe/Madrid', now)).toBe(true);
    expect(startsInPast(at('2026-03-09', '23:59'), 'Europe/Madrid', now)).toBe(true);
    expect(startsInPast(at('2026-03-11', '00:00'), 'Europe/Madrid', now)).toBe(false);
    // Editing a past session without moving its start (e.g. closing registration) asks nothing.
    const saved = { startDate: '2026-03-01', startTime: '10:00:00', isAllDay: false };
    expect(startsInPast(at('2026-03-01', '10:00'), 'Europe/Madrid', now, saved)).toBe(false);
    expect(startsInPast(at('2026-03-01', '09:00'), 'Europe/Madrid', now, saved)).toBe(true);
    expect(pastSessionQuestion(at('2026-03-01', '09:00'))).toBe(
      'La sesión empieza el 01/03/2026 a las 09:00, una fecha ya pasada. ¿Guardarla de todos modos?',
    );
    expect(pastSessionQuestion(at('2026-03-01', '09:00', true))).toBe(
      'La sesión empieza el 01/03/2026, una fecha ya pasada. ¿Guardarla de todos modos?',
    );
  });
});
