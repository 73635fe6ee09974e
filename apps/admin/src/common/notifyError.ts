/** The text of a failure as the screens show it: the server's Spanish message (providers/api-call.ts). */
export function errorText(error: unknown, fallback = 'Error inesperado'): string {
  if (error instanceof Error) return error.message || fallback;
  return error ? String(error) : fallback;
}
