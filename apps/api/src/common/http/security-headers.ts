import type { IncomingMessage, ServerResponse } from 'node:http';

/** helmet's middleware: sets its headers on the response, then calls next. */
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The Content-Security-Policy of an answer that must not be framed (the back office and /api/). */
const frameAncestorsNone = (csp: string) => csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");

/** helmet's headers, read once by running its middleware on a recording response: a policy without a per-request
 * part (no nonce, no function directive) gives every answer the same headers, so an answer gets that list instead
 * of the middleware's chain of twelve calls. `apply` sets them as helmet would (and removes X-Powered-By, as it
 * does); `unframed` is the policy with `frame-ancestors 'none'`, computed once for the usual policy. Throws at boot
 * when the headers are not a fixed list: two runs that differ (a nonce), a directive that fails without a real
 * request, or a middleware that does not finish at once. */
export function fixedSecurityHeaders(middleware: HelmetMiddleware) {
  const { headers, removed } = record(middleware);
  const again = record(middleware);
  if (JSON.stringify(again) !== JSON.stringify({ headers, removed }))
    throw new Error("helmet's headers differ from one answer to the next: they are not a fixed list");
  const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
  const cspUnframed = csp === undefined ? undefined : frameAncestorsNone(csp);
  return {
    apply(res: ServerResponse): void {
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const name of removed) res.removeHeader(name);
    },
    unframed: (policy: string) =>
      policy === csp && cspUnframed !== undefined ? cspUnframed : frameAncestorsNone(policy),
  };
}

/** What the middleware sets and removes on one answer; throws if it fails or does not finish synchronously. */
function record(middleware: HelmetMiddleware): { headers: [string, string][]; removed: string[] } {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  let done = false;
  middleware({} as IncomingMessage, recorder, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: its headers are not a fixed list');
  return { headers, removed };
}
