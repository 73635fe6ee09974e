import {
  isPlausiblePhone,
  isValidEmail,
  isValidPersonName,
  isValidSessionToken,
  isValidSpanishTaxId,
  normalizeTaxId,
} from './validators';

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

  it.each([
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana garcia@example.com',
    'ana@@example.com',
    'ana..g@example.com',
    'ana@example.c',
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isPlausiblePhone', () => {
  it.each(['600123456', '+34 600 123 456', '0034600123456', '(+34) 600-12-34-56'])('accepts %s', (phone) => {
    expect(isPlausiblePhone(phone)).toBe(true);
  });

  it.each(['12345', 'teléfono', '+34 600 12', '6001234567890123'])('refuses %s', (phone) => {
    expect(isPlausiblePhone(phone)).toBe(false);
  });
});

describe('isValidPersonName', () => {
  it.each(['Ana', 'María José', "O'Neill-Pérez", 'Nguyễn', '李', 'Zoë\u200d', 'Ana\u200bMaría'])(
    'accepts %s',
    (name) => {
      expect(isValidPersonName(name)).toBe(true);
    },
  );

  it.each([
    ['a NUL byte', 'Ana\u0000'],
    ['a line feed', 'Ana\nGarcía'],
    ['a carriage return', 'Ana\rGarcía'],
    ['a tab', 'Ana\tGarcía'],
    ['a line separator', 'Ana\u2028García'],
    ['only zero-width spaces', '\u200b\u200b'],
    ['only joiners, marks and a BOM', '\u200c\u200d\u2060\ufeff\u0301'],
    ['only a Hangul filler', '\u3164'],
    ['only spaces', '   '],
  ])('refuses %s', (_case, name) => {
    expect(isValidPersonName(name)).toBe(false);
  });
});

describe('isValidSessionToken', () => {
  it.each(['2b7c3c2e-6f1d-4c1e-9a43-1c1b5d7f9e21', '1764000000000-k3j4h5g6f7', 'a'.repeat(16), 'a'.repeat(100)])(
    'accepts %s',
    (token) => {
      expect(isValidSessionToken(token)).toBe(true);
    },
  );

  it.each(['', 'tok-a', 'a'.repeat(15), 'a'.repeat(101), 'abcdefghijklmnop q', 'abcdefghijklmnop/'])(
    'refuses %s',
    (token) => {
      expect(isValidSessionToken(token)).toBe(false);
    },
  );
});
