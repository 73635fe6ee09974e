import {
  deleteEventQuestion,
  descriptionPreview,
  formatCost,
  formatDay,
  formatPrice,
  htmlToText,
  sessionWhen,
} from './eventFormat';

const nbsp = '\u00a0';

describe('formatos de la pantalla de eventos', () => {
  it('precio 0 como Gratis; si no, euros en es-ES', () => {
    expect(formatPrice(0)).toBe('Gratis');
    expect(formatPrice(12.5)).toBe(`12,50${nbsp}€`);
    expect(formatPrice(1234)).toBe(`1234,00${nbsp}€`);
  });

  it('coste con 2 decimales en euros, un guion cuando es cero', () => {
    expect(formatCost(0)).toBe('-');
    expect(formatCost(0.3)).toBe(`0,30${nbsp}€`);
  });

  it('la vista previa de la descripción es texto cortado a 100 caracteres', () => {
    expect(htmlToText('<p>Uno &amp; dos</p><ul><li>tres</li></ul>cuatro<br>cinco')).toBe('Uno & dos tres cuatro cinco');
    expect(descriptionPreview('<p>Corta</p>')).toBe('Corta');
    const long = descriptionPreview(`<p>${'palabra '.repeat(30)}</p>`);
    expect(long.endsWith('…')).toBe(true);
    expect([...long].length).toBeLessThanOrEqual(101);
  });

  it('fechas y horas de la sesión en la hora local del evento', () => {
    expect(formatDay('2026-05-09')).toBe('09/05/2026');
    expect(formatDay('mañana')).toBe('Fecha inválida');
    const base = {
      startDate: '2026-05-09',
      endDate: '2026-05-09',
      startTime: '10:00:00',
      endTime: '11:30:00',
      isAllDay: false,
    };
    expect(sessionWhen(base)).toBe('09/05/2026, 10:00 - 11:30');
    expect(sessionWhen({ ...base, isAllDay: true })).toBe('09/05/2026, todo el día');
    expect(sessionWhen({ ...base, endDate: '2026-05-10', startTime: '22:00:00', endTime: '02:00:00' })).toBe(
      '09/05/2026, 22:00 - 10/05/2026, 02:00',
    );
    expect(sessionWhen({ ...base, endDate: '2026-05-11', isAllDay: true })).toBe(
      '09/05/2026 - 11/05/2026, todo el día',
    );
  });

  it('confirmación de borrado: «y su sesión» para una, «y sus N sesiones» para varias', () => {
    expect(deleteEventQuestion('Feria', 1)).toBe(
      '¿Eliminar el evento «Feria» y su sesión? Esta acción no se puede deshacer.',
    );
    expect(deleteEventQuestion('Feria', 2)).toBe(
      '¿Eliminar el evento «Feria» y sus 2 sesiones? Esta acción no se puede deshacer.',
    );
    expect(deleteEventQuestion('Feria', 0)).toBe('¿Eliminar el evento «Feria»? Esta acción no se puede deshacer.');
  });
});
