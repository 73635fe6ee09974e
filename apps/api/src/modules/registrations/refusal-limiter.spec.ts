import { keyedHash } from '../../common/crypto/keyed-hash';
import { refusalKeys, tooManyRefusals } from './refusal-limiter';

const SECRET = 'x'.repeat(48);
const LIMITS = { perAddress: 5, perToken: 10, perIp: 60 };

describe('refusalKeys', () => {
  it('one key per address, token and IP present, each with its limit, hashed: no value is kept', () => {
    const keys = refusalKeys(
      SECRET,
      { emails: ['ana@example.com', 'luis@example.com'], token: 'tok-1234567890abcdef', ip: '10.0.0.1' },
      LIMITS,
    );
    expect(keys).toHaveLength(4);
    expect(keys.map((k) => k.max).sort((a, b) => a - b)).toEqual([5, 5, 10, 60]);
    for (const key of keys) {
      expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(key.hash).not.toContain('ana');
    }
    expect(keys.find((k) => k.max === 60)?.hash).toBe(keyedHash(SECRET, 'public-refusals', 'ip:10.0.0.1'));
  });

  it('leaves out what is absent, and sorts by hash (the upsert locks rows in that order)', () => {
    const keys = refusalKeys(SECRET, { emails: ['ana@example.com'], token: undefined, ip: null }, LIMITS);
    expect(keys).toEqual([{ hash: keyedHash(SECRET, 'public-refusals', 'email:ana@example.com'), max: 5 }]);
    const many = refusalKeys(
      SECRET,
      { emails: ['a@x.es', 'b@x.es', 'c@x.es'], token: 'tok-1234567890abcdef', ip: '::1' },
      LIMITS,
    );
    expect(many.map((k) => k.hash)).toEqual([...many.map((k) => k.hash)].sort());
  });

  it('the same value of another kind, or under another secret, is another key', () => {
    const same = 'valor-1234567890abcdef';
    const [asToken] = refusalKeys(SECRET, { emails: [], token: same }, LIMITS);
    const [asIp] = refusalKeys(SECRET, { emails: [], ip: same }, LIMITS);
    const [otherSecret] = refusalKeys('y'.repeat(48), { emails: [], token: same }, LIMITS);
    expect(asToken.hash).not.toBe(asIp.hash);
    expect(asToken.hash).not.toBe(otherSecret.hash);
  });
});

describe('tooManyRefusals', () => {
  it('is a 429 in Spanish with the wait in Retry-After (whole seconds, at least 1) and in minutes in the text', () => {
    const error = tooManyRefusals(3599.2);
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.headers).toEqual({ 'retry-after': '3600' });
    expect(error.message).toBe(
      'Se han rechazado demasiados intentos de inscripción. Vuelve a intentarlo más tarde (en 60 min).',
    );
    expect(error.extra).toEqual({ title: 'Inscripción no realizada' });
    expect(tooManyRefusals(0).headers).toEqual({ 'retry-after': '1' });
  });
});
