import { openSecret, sealSecret } from './secret-box';

describe('secret-box', () => {
  const secret = 'a'.repeat(48);

  it('round-trips text, including empty and non-ASCII values', () => {
    for (const plain of ['', 'contraseña-ñ€ 🎟', 'x'.repeat(5000)]) {
      expect(openSecret(secret, sealSecret(secret, plain))).toBe(plain);
    }
  });

  it('produces a versioned value that does not contain the plain text and differs on every call', () => {
    const a = sealSecret(secret, 'smtp-password');
    const b = sealSecret(secret, 'smtp-password');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('smtp-password');
    expect(a).not.toBe(b);
  });

  it('refuses a value sealed under another APP_SECRET', () => {
    const sealed = sealSecret(secret, 'token');
    expect(() => openSecret('b'.repeat(48), sealed)).toThrow(/APP_SECRET/);
  });

  it('refuses a tampered or malformed value', () => {
    const [v, iv, body, tag] = sealSecret(secret, 'token').split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => openSecret(secret, [v, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
    expect(() => openSecret(secret, 'token')).toThrow(/formato/);
    expect(() => openSecret(secret, `v2.${iv}.${body}.${tag}`)).toThrow(/formato/);
  });
});
