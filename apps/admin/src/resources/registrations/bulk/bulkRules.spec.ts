import { bulkQuestion, bulkSummary, selectionProblem, singleEvent } from './bulkRules';

describe('bulk actions rules', () => {
  it('asks with the count', () => {
    expect(bulkQuestion('cancel', 12)).toMatch(/^¿Cancelar 12 inscripciones\?/);
    expect(bulkQuestion('cancel', 1)).toMatch(/^¿Cancelar 1 inscripción\?/);
    expect(bulkQuestion('resend', 3)).toMatch(/a 3 inscripciones\?/);
  });

  it('refuses an empty or too large selection', () => {
    expect(selectionProblem(0)).toBe('Selecciona al menos una inscripción');
    expect(selectionProblem(501)).toBe('Selecciona como máximo 500 inscripciones');
    expect(selectionProblem(500)).toBeNull();
  });

  it('moves only a selection of one event', () => {
    expect(singleEvent([{ eventId: 4 }, { eventId: 4 }])).toBe(4);
    expect(singleEvent([{ eventId: 4 }, { eventId: 5 }])).toBeNull();
  });

  it('sums up a report', () => {
    expect(bulkSummary({ total: 3, done: 2, skipped: 1, promoted: [7], items: [] })).toBe(
      'Hecho: 2 · No aplicado: 1 · Promovidas de la lista de espera: 1',
    );
  });
});
