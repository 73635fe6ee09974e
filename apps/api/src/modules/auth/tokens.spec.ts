import { createHash } from 'node:crypto';
import {
  bearerToken,
  hashApiToken,
  hashRefreshToken,
  isApiToken,
  newApiToken,
  newRefreshToken,
  permissionsFingerprint,
  refreshTokenFingerprint,
} from './tokens';

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

describe('Refresh tokens and the permissions fingerprint', () => {
  it('fingerprints a set of permissions whatever its order, and tells another set apart', () => {
    const a = permissionsFingerprint(['Users.Read', 'Events.Read']);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(permissionsFingerprint(new Set(['Events.Read', 'Users.Read']))).toBe(a);
    expect(permissionsFingerprint(['Events.Read'])).not.toBe(a);
    expect(permissionsFingerprint([])).not.toBe(permissionsFingerprint(['Events.Read']));
  });

  it('carries the sign-in fingerprint after 256 random bits, and stores only the hash of the whole token', () => {
    const fingerprint = permissionsFingerprint(['Users.Read']);
    const { token, hash } = newRefreshToken(fingerprint);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[0-9a-f]{16}$/);
    expect(refreshTokenFingerprint(token)).toBe(fingerprint);
    expect(hash).toBe(hashRefreshToken(token));
    // Another fingerprint is another token: its hash matches no stored session.
    expect(hashRefreshToken(`${token.split('.')[0]}.${permissionsFingerprint([])}`)).not.toBe(hash);
  });

  it('reads no fingerprint from a token without one', () => {
    expect(refreshTokenFingerprint('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBeUndefined();
    expect(refreshTokenFingerprint('x.nothex')).toBeUndefined();
  });
});
