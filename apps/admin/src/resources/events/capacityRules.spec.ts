import { capacityChanges, capacityDraft, capacityErrors, redistributeError, unusedReserved } from './capacityRules';

// 20 seats, 5 reserved (2 used), 8 people online, 3 waiting of at most 10.
const session = {
  maxAttendees: 20,
  reservedSpots: 5,
  maxQueueSpots: 10,
  registeredCount: 10,
  usedReservedSpots: 2,
  currentQueueCount: 3,
};
const draft = (changes: Partial<Record<'maxAttendees' | 'reservedSpots' | 'maxQueueSpots', string>>) => ({
  ...capacityDraft(session),
  ...changes,
});

describe('edición de capacidad en la fila de la sesión (especificación 5)', () => {
  it('sin cambios no hay errores ni llamadas', () => {
    expect(capacityErrors(capacityDraft(session), session)).toEqual({});
    expect(capacityChanges(capacityDraft(session), session)).toEqual([]);
  });

  it('capacidad total: un número, al menos 1, no menor que los registrados', () => {
    expect(capacityErrors(draft({ maxAttendees: 'veinte' }), session).maxAttendees).toBe(
      'La capacidad debe ser un número entero mayor que 0',
    );
    expect(capacityErrors(draft({ maxAttendees: '0' }), session).maxAttendees).toBe('La capacidad debe ser al menos 1');
    expect(capacityErrors(draft({ maxAttendees: '9' }), session).maxAttendees).toBe(
      'No puede ser menor que los registrados (10)',
    );
    expect(capacityErrors(draft({ maxAttendees: '100001' }), session).maxAttendees).toBe('No puede superar 100000');
    expect(capacityErrors(draft({ maxAttendees: '13', reservedSpots: '5' }), session)).toEqual({});
  });

  it('reservadas: no negativas, no por encima del total, no menos que las usadas, y sitio para quien está en línea', () => {
    expect(capacityErrors(draft({ reservedSpots: '-1' }), session).reservedSpots).toBe(
      'Las plazas reservadas no pueden ser negativas',
    );
    expect(capacityErrors(draft({ reservedSpots: '21' }), session).reservedSpots).toBe(
      'Las plazas reservadas no pueden superar la capacidad total',
    );
    expect(capacityErrors(draft({ reservedSpots: '1' }), session).reservedSpots).toBe(
      'No puede ser menor que las plazas reservadas ya usadas (2)',
    );
    // 20 seats - 8 online = 12 may be reserved.
    expect(capacityErrors(draft({ reservedSpots: '12' }), session)).toEqual({});
    expect(capacityErrors(draft({ reservedSpots: '13' }), session).reservedSpots).toBe(
      'Muy pocos asientos disponibles',
    );
    // Lowering the total rechecks the reserved part against it.
    expect(capacityErrors(draft({ maxAttendees: '12' }), session).reservedSpots).toBe('Muy pocos asientos disponibles');
  });

  it('lista de espera: no negativa, no por encima del total, no menos que quienes esperan', () => {
    expect(capacityErrors(draft({ maxQueueSpots: '-1' }), session).maxQueueSpots).toBe(
      'El máximo de la lista de espera no puede ser negativo',
    );
    expect(capacityErrors(draft({ maxQueueSpots: '21' }), session).maxQueueSpots).toBe(
      'El máximo de la lista de espera no puede superar la capacidad total',
    );
    expect(capacityErrors(draft({ maxQueueSpots: '2' }), session).maxQueueSpots).toBe(
      'No puede ser menor que las personas en espera (3)',
    );
    expect(capacityErrors(draft({ maxQueueSpots: 'x' }), session).maxQueueSpots).toBe(
      'El máximo de la lista de espera debe ser un número entero no negativo',
    );
  });

  it('un valor sin tocar no se comprueba si no cambia el total del que depende', () => {
    const old = {
      ...session,
      maxAttendees: 8,
      reservedSpots: 0,
      usedReservedSpots: 0,
      registeredCount: 5,
      maxQueueSpots: 10,
    };
    expect(capacityErrors({ ...capacityDraft(old), reservedSpots: '1' }, old)).toEqual({});
    expect(capacityErrors({ ...capacityDraft(old), maxAttendees: '9' }, old).maxQueueSpots).toBe(
      'El máximo de la lista de espera no puede superar la capacidad total',
    );
  });

  it('solo se envían los valores cambiados, cada uno en su llamada; el total crece primero y mengua al final', () => {
    expect(capacityChanges(draft({ maxQueueSpots: '12' }), session)).toEqual([{ field: 'maxQueueSpots', value: 12 }]);
    expect(capacityChanges(draft({ maxAttendees: '30', reservedSpots: '8', maxQueueSpots: '25' }), session)).toEqual([
      { field: 'maxAttendees', value: 30 },
      { field: 'reservedSpots', value: 8 },
      { field: 'maxQueueSpots', value: 25 },
    ]);
    expect(capacityChanges(draft({ maxAttendees: '15', reservedSpots: '3' }), session)).toEqual([
      { field: 'reservedSpots', value: 3 },
      { field: 'maxAttendees', value: 15 },
    ]);
  });

  it('redistribuir: entero entre 1 y las reservadas sin usar', () => {
    expect(unusedReserved(session)).toBe(3);
    expect(redistributeError('1', session)).toBeNull();
    expect(redistributeError(' 3 ', session)).toBeNull();
    for (const bad of ['0', '4', '1.5', '', 'dos', '-1'])
      expect(redistributeError(bad, session)).toBe(
        'Debe ser un número entero entre 1 y las plazas reservadas sin usar (3)',
      );
    expect(unusedReserved({ reservedSpots: 2, usedReservedSpots: 2 })).toBe(0);
  });
});
