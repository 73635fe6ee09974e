import { isPlausiblePhone, isValidEmail, isValidSpanishTaxId, normalizeTaxId } from './validators';

describe('isValidSpanishTaxId', () => {
  it.each(['12345678Z', '00000000T', '12.345.678-z', ' 87654321x '])('accepts the DNI %s', (id) => {
    expect(isValidSpanishTaxId(id)).toBe(true);
  });

  it.each(['X1234567L', 'Y1234567X', 'Z1234567R', 'x-1234567-l'])('accepts the NIE %s', (id) => {
    expect(isValidSpanishTaxId(id)).toBe(true);
  });

  it.each([
    ['wrong check letter', '12345678A'],
    ['seven digits', '1234567Z'],
    ['nine digits', '123456789Z'],
    ['no letter', '12345678'],
    ['NIE with wrong letter', 'X1234567A'],
    ['NIE with an invalid prefix', 'W1234567L'],
    ['empty', ''],
  ])('refuses %s', (_case, id) => {
    expect(isValidSpanishTaxId(id)).toBe(false);
  });

  it('normalises separators and case', () => {
    expect(normalizeTaxId(' 12.345.678-z ')).toBe('12345678Z');
  });
});

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'ana.garcia+eventos@sub.example.es', ' ana@example.com '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana garcia@example.com', 'ana@@example.com', 'ana..g@example.com', 'ana@example.c'])(
    'refuses %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('isPlausiblePhone', () => {
  it.each(['600123456', '+34 600 123 456', '0034600123456', '(+34) 600-12-34-56'])('accepts %s', (phone) => {
    expect(isPlausiblePhone(phone)).toBe(true);
  });

  it.each(['12345', 'teléfono', '+34 600 12', '6001234567890123'])('refuses %s', (phone) => {
    expect(isPlausiblePhone(phone)).toBe(false);
  });
});
