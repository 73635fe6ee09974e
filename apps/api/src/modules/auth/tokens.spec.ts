import { createHash } from 'node:crypto';
import { bearerToken, hashApiToken, isApiToken, newApiToken } from './tokens';

describe('API token helpers', () => {
  it('makes a recognisable token of 256 random bits, and keeps only its SHA-256', () => {
    const { token, hash } = newApiToken();
    expect(token).toMatch(/^evr_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token.slice(4));
    expect(newApiToken().token).not.toBe(token);
  });

  it('hashes the same token alike', () => {
    expect(hashApiToken('evr_abc')).toBe(hashApiToken('evr_abc'));
    expect(hashApiToken('evr_abc')).not.toBe(hashApiToken('evr_abd'));
  });

  it('tells API tokens from access tokens (JWTs)', () => {
    expect(isApiToken(newApiToken().token)).toBe(true);
    expect(isApiToken('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    expect(isApiToken('token-falso')).toBe(false);
  });

  it('reads the bearer token of an Authorization header', () => {
    expect(bearerToken('Bearer evr_x')).toBe('evr_x');
    expect(bearerToken('bearer   evr_x')).toBe('evr_x');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
