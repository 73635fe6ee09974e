import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fixedSecurityHeaders } from './security-headers';

/** A response that records what is set and removed on it, in order. */
function recording() {
  const calls: string[] = [];
  const res = {
    setHeader: (name: string, value: string) => calls.push(`set ${name}: ${value}`),
    removeHeader: (name: string) => calls.push(`remove ${name}`),
  } as unknown as ServerResponse;
  return { calls, res };
}

const policy = () =>
  helmet({
    frameguard: false,
    hsts: false,
    contentSecurityPolicy: {
      directives: { defaultSrc: ["'self'"], frameAncestors: ['*'], upgradeInsecureRequests: null },
    },
  });

describe('fixedSecurityHeaders', () => {
  it("sets exactly what helmet's middleware sets, in the same order, on every answer", () => {
    const byHelmet = recording();
    policy()({} as IncomingMessage, byHelmet.res, () => undefined);
    const security = fixedSecurityHeaders(policy());
    for (let i = 0; i < 2; i++) {
      const fixed = recording();
      security.apply(fixed.res);
      expect(fixed.calls.sort()).toEqual([...byHelmet.calls].sort());
    }
    expect(byHelmet.calls).toContainEqual(expect.stringMatching(/^set Content-Security-Policy: .*frame-ancestors \*/));
    expect(byHelmet.calls).toContain('remove X-Powered-By');
  });

  it("turns frame-ancestors into 'none', for the usual policy and any other", () => {
    const security = fixedSecurityHeaders(policy());
    expect(security.unframed("default-src 'self';frame-ancestors *")).toBe("default-src 'self';frame-ancestors 'none'");
    expect(security.unframed("script-src 'self';frame-ancestors https://a.example;base-uri 'self'")).toBe(
      "script-src 'self';frame-ancestors 'none';base-uri 'self'",
    );
  });

  it('refuses a policy that is not a fixed list: a nonce per answer, or a directive reading the request', () => {
    let n = 0;
    const nonce = helmet({ contentSecurityPolicy: { directives: { scriptSrc: [() => `'nonce-${++n}'`] } } });
    expect(() => fixedSecurityHeaders(nonce)).toThrow(/not a fixed list/);
    const fromRequest = helmet({
      contentSecurityPolicy: {
        directives: { scriptSrc: [(req) => `'nonce-${(req as { headers: { host: string } }).headers.host}'`] },
      },
    });
    expect(() => fixedSecurityHeaders(fromRequest)).toThrow();
  });
});
