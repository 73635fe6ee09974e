import { historyChangeText } from './history';

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
