/** One line the API logged (pino's JSON: level, time, context, msg, and a request line's fields). */
export interface LogLine {
  level: string;
  msg?: string;
  context?: string;
  [field: string]: unknown;
}

/** Everything the process writes to stdout and stderr from now on (the calls still go through), and the JSON log
 * lines among it parsed. `restore()` puts the streams back. The API logs through pino onto process.stdout
 * (apps/api/src/observability/logger.ts), so a test sees every line the app writes. */
export function captureOutput(): { raw: string[]; lines: () => LogLine[]; restore: () => void } {
  const raw: string[] = [];
  const restores: (() => void)[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    const write = original.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      raw.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write;
    restores.push(() => (stream.write = original));
  }
  const lines = () =>
    raw
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as LogLine];
        } catch {
          return [];
        }
      });
  return { raw, lines, restore: () => restores.forEach((restore) => restore()) };
}
