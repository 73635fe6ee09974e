import { formatDateTime, shortId } from './format';

describe('formatos', () => {
  it('fecha y hora en es-ES, 24 h', () => {
    const text = formatDateTime(new Date(2026, 2, 5, 21, 7));
    expect(text).toBe('05/03/2026, 21:07');
    expect(formatDateTime('no es una fecha')).toBe('Fecha inválida');
    expect(formatDateTime(null)).toBe('');
  });

  it('los identificadores se recortan a 8 caracteres', () => {
    expect(shortId('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0')).toBe('0f1e2d3c');
    expect(shortId(42)).toBe('42');
  });
});
