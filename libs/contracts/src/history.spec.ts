import { HISTORY_ACTIONS, historyChangeText, isEmptyHistoryChange } from './history';

describe('historyChangeText', () => {
  it('names a personal field without any value', () => {
    expect(historyChangeText({ field: 'email' })).toBe('Email');
    expect(historyChangeText({ field: 'telephoneNumber' })).toBe('Teléfono');
  });

  it('writes values before and after, yes/no for toggles and a dash for none', () => {
    expect(historyChangeText({ field: 'maxAttendees', from: 20, to: 25 })).toBe('Aforo: 20 → 25');
    expect(historyChangeText({ field: 'isRegistrationOpen', from: true, to: false })).toBe(
      'Inscripción abierta: Sí → No',
    );
    expect(historyChangeText({ field: 'queuePosition', from: 3, to: null })).toBe(
      'Posición en la lista de espera: 3 → —',
    );
  });

  it('writes a value set for the first time alone, and an unknown field by its code', () => {
    expect(historyChangeText({ field: 'reservedSpots', to: 5 })).toBe('Plazas reservadas: 5');
    expect(historyChangeText({ field: 'somethingNew', from: 'a', to: 'b' })).toBe('somethingNew: a → b');
  });
});

describe('a change given by id', () => {
  it('reads the names added for staff instead of the ids', () => {
    expect(
      historyChangeText({
        field: 'sessionId',
        from: 2,
        to: 3,
        fromText: 'Concierto · 01/06/2030',
        toText: 'Concierto · 02/06/2030',
      }),
    ).toBe('Sesión: Concierto · 01/06/2030 → Concierto · 02/06/2030');
  });

  it('counts the same value before and after (none and none too) as no change', () => {
    expect(isEmptyHistoryChange({ field: 'queuePosition', from: null, to: null })).toBe(true);
    expect(isEmptyHistoryChange({ field: 'queuePosition', from: 2, to: 2 })).toBe(true);
    expect(isEmptyHistoryChange({ field: 'queuePosition', from: null, to: 1 })).toBe(false);
    expect(isEmptyHistoryChange({ field: 'email' })).toBe(false);
    expect(isEmptyHistoryChange({ field: 'reservedSpots', to: 5 })).toBe(false);
  });
});

describe('HISTORY_ACTIONS', () => {
  it('names the deletions and a change of session in Spanish, and a deleted value with a dash', () => {
    expect(HISTORY_ACTIONS.sessionDeleted).toBe('Sesión eliminada');
    expect(HISTORY_ACTIONS.eventDeleted).toBe('Evento eliminado');
    expect(HISTORY_ACTIONS.sessionChanged).toBe('Cambiada de sesión');
    expect(historyChangeText({ field: 'startDate', from: '2030-06-01', to: null })).toBe(
      'Fecha de inicio: 2030-06-01 → —',
    );
    expect(historyChangeText({ field: 'title', from: 'Concierto', to: null })).toBe('Título: Concierto → —');
    expect(historyChangeText({ field: 'sessionId', from: 12, to: 15 })).toBe('Sesión: 12 → 15');
  });
});
