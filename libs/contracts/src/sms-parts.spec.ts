import { smsCost, smsSize } from './sms-parts';

describe('smsSize: GSM-7 and UCS-2 part counting', () => {
  it('counts plain GSM-7 text one septet per character, up to 160 in one SMS', () => {
    expect(smsSize('Hola')).toEqual({ encoding: 'GSM-7', units: 4, parts: 1, unitsLeft: 156 });
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1, unitsLeft: 0 });
  });

  it('splits longer GSM-7 text in parts of 153', () => {
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2, unitsLeft: 145 });
    expect(smsSize('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, parts: 2, unitsLeft: 0 });
    expect(smsSize('a'.repeat(307))).toEqual({ encoding: 'GSM-7', units: 307, parts: 3, unitsLeft: 152 });
  });

  it('keeps the accented letters of the GSM-7 table in GSM-7 (é, ñ, ü, à, Ç...)', () => {
    expect(smsSize('Él baila; niño, pingüino, à la Çarte, £5 ¿sí?').encoding).toBe('UCS-2'); // í is not GSM-7
    expect(smsSize('Él, niño, pingüino, à la Çarte, £5 ¿qué?')).toMatchObject({ encoding: 'GSM-7', units: 40 });
  });

  it('counts the extension table (€ [ ] { } ^ ~ | \\) as two septets each', () => {
    expect(smsSize('€')).toEqual({ encoding: 'GSM-7', units: 2, parts: 1, unitsLeft: 158 });
    expect(smsSize('[]{}^~|\\')).toEqual({ encoding: 'GSM-7', units: 16, parts: 1, unitsLeft: 144 });
    // 159 plain + one € = 161 septets: two parts.
    expect(smsSize(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, parts: 2, unitsLeft: 145 });
  });

  it('switches the whole text to UCS-2 for any other character: 70 in one SMS, then parts of 67', () => {
    expect(smsSize('Inscripción confirmada')).toEqual({ encoding: 'UCS-2', units: 22, parts: 1, unitsLeft: 48 });
    expect(smsSize(`á${'a'.repeat(69)}`)).toEqual({ encoding: 'UCS-2', units: 70, parts: 1, unitsLeft: 0 });
    expect(smsSize(`á${'a'.repeat(70)}`)).toEqual({ encoding: 'UCS-2', units: 71, parts: 2, unitsLeft: 63 });
    expect(smsSize(`á${'a'.repeat(133)}`)).toEqual({ encoding: 'UCS-2', units: 134, parts: 2, unitsLeft: 0 });
    expect(smsSize(`á${'a'.repeat(134)}`)).toEqual({ encoding: 'UCS-2', units: 135, parts: 3, unitsLeft: 66 });
  });

  it('counts a character beyond the BMP (emoji) as two UCS-2 units', () => {
    expect(smsSize('🎉')).toEqual({ encoding: 'UCS-2', units: 2, parts: 1, unitsLeft: 68 });
    expect(smsSize(`🎉${'a'.repeat(68)}`)).toEqual({ encoding: 'UCS-2', units: 70, parts: 1, unitsLeft: 0 });
    expect(smsSize(`🎉${'a'.repeat(69)}`).parts).toBe(2);
  });
});

describe('unitsLeft: what the counter shows', () => {
  it('counts down to the end of the current part in the encoding in use', () => {
    expect(smsSize('Hola').unitsLeft).toBe(156);
    // One accented letter outside GSM-7 (á) leaves 70 - 4 instead of 160 - 4.
    expect(smsSize('Holá').unitsLeft).toBe(66);
    expect(smsSize(`á${'a'.repeat(99)}`)).toEqual({ encoding: 'UCS-2', units: 100, parts: 2, unitsLeft: 34 });
  });
});

describe('smsCost', () => {
  it('is 0.10 EUR per part, in cents', () => {
    expect(smsCost(1)).toBe(0.1);
    expect(smsCost(3)).toBe(0.3);
    expect(smsCost(7)).toBe(0.7);
  });
});
