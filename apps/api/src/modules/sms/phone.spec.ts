import { netelipDestination } from './phone';

describe('netelipDestination', () => {
  it.each([
    ['600123456', '0034600123456'],
    ['712 345 678', '0034712345678'],
    ['+34 600 12 34 56', '0034600123456'],
    ['0034600123456', '0034600123456'],
    ['34600123456', '0034600123456'],
    ['(+34) 600-123-456', '0034600123456'],
    ['+44 7700 900123', '00447700900123'],
    ['0033612345678', '0033612345678'],
  ])('turns %s into %s', (input, expected) => {
    expect(netelipDestination(input)).toBe(expected);
  });

  it.each([
    ['a Spanish landline (no SMS)', '912345678'],
    ['too short', '60012345'],
    ['letters', '600abc456'],
    ['empty', ''],
  ])('refuses %s', (_case, input) => {
    expect(netelipDestination(input)).toBeNull();
  });
});
