/** The integrators' versioned API: every path under it gets the conventions of this folder
 * (docs/integrations-http.md); the spec's /api answers as before. */
export const V1_PREFIX = '/api/v1';

/** Whether a request URL (path and query, as Fastify reads it) is under /api/v1. */
export function isV1Path(url: string): boolean {
  if (!url.startsWith(V1_PREFIX)) return false;
  const next = url.charAt(V1_PREFIX.length);
  return next === '' || next === '/' || next === '?';
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
