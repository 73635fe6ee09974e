import { JSON_LIMITS, jsonShapeProblem } from './json-body';

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);

describe('jsonShapeProblem', () => {
  it('accepts the bodies the product sends', () => {
    expect(
      jsonShapeProblem('{"registrations":[{"firstName":"Ana","gdprConsent":true},{"firstName":"Luis"}]}'),
    ).toBeNull();
    expect(
      jsonShapeProblem(JSON.stringify({ name: 'Rol', permissionIds: Array.from({ length: 200 }, (_, i) => i + 1) })),
    ).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ htmlContent: '<p>{{firstName}}</p>'.repeat(20_000) }))).toBeNull();
  });

  it('allows 32 levels and refuses 33, of arrays or objects', () => {
    expect(jsonShapeProblem(nested(JSON_LIMITS.depth))).toBeNull();
    expect(jsonShapeProblem(nested(JSON_LIMITS.depth + 1))).toBe('depth');
    const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    expect(jsonShapeProblem(objects(JSON_LIMITS.depth))).toBeNull();
    expect(jsonShapeProblem(objects(JSON_LIMITS.depth + 1))).toBe('depth');
  });

  it('refuses the 10,000-level body that overflowed the stack, without recursing itself', () => {
    expect(jsonShapeProblem(nested(10_000))).toBe('depth');
    expect(jsonShapeProblem(nested(500_000))).toBe('depth');
  });

  it('does not count brackets, colons or escaped quotes inside strings', () => {
    const text = JSON.stringify({ name: '[[[[{{{{'.repeat(100) + '"\\"' + ':'.repeat(2_000), other: '\\' });
    expect(jsonShapeProblem(text)).toBeNull();
    // An escaped backslash before the closing quote ends the string: the brackets after it count.
    expect(jsonShapeProblem(`{"a":"x\\\\",` + '"b":' + nested(40) + '}')).toBe('depth');
  });

  it('refuses more array items or keys than any request needs, at ordinary depth', () => {
    const list = (n: number, item: unknown) => JSON.stringify({ registrations: Array.from({ length: n }, () => item) });
    expect(jsonShapeProblem(list(300_000, {}))).toBe('arrayItems');
    expect(jsonShapeProblem(list(300_000, 1))).toBe('arrayItems');
    expect(jsonShapeProblem(list(2_000, []))).toBe('arrayItems');
    expect(jsonShapeProblem(list(JSON_LIMITS.arrayItems, 1))).toBeNull();
    expect(jsonShapeProblem(list(JSON_LIMITS.arrayItems + 1, 1))).toBe('arrayItems');
    expect(
      jsonShapeProblem(JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1])))),
    ).toBe('keys');
    expect(
      jsonShapeProblem(
        JSON.stringify(Object.fromEntries(Array.from({ length: JSON_LIMITS.keys }, (_, i) => [`k${i}`, 1]))),
      ),
    ).toBeNull();
    // Commas between keys are no array items.
    expect(
      jsonShapeProblem(JSON.stringify(Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, [i]])))),
    ).toBeNull();
  });

  it('lets a route raise the array items, as the waiting list reorder does for its whole list', () => {
    const reorder = JSON.stringify({ eventSessionId: 12, queueIds: Array.from({ length: 100_000 }, (_, i) => i + 1) });
    expect(jsonShapeProblem(reorder)).toBe('arrayItems');
    expect(jsonShapeProblem(reorder, { ...JSON_LIMITS, arrayItems: 100_000 })).toBeNull();
  });

  it('leaves malformed text to the parser', () => {
    expect(jsonShapeProblem('{"name": "Cultura"')).toBeNull();
    expect(jsonShapeProblem('"unterminated')).toBeNull();
    expect(jsonShapeProblem(']]]]')).toBeNull();
  });
});
