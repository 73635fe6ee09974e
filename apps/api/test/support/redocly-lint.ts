import { execFile } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../../..');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
/** The project's lint configuration and its explained exceptions (apps/api/openapi-lint/). */
const CONFIG_DIR = join(ROOT, 'apps/api/openapi-lint');
/** No telemetry, no update notice: the tool only reads the file it is given. */
const TOOL_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

/** CI's OpenAPI lint: `redocly lint` of `document`, written as openapi.json in `dir` beside the project's
 * configuration, answers every problem it reports, errors and warnings, but the listed exceptions. */
export async function redoclyProblems(dir: string, document: unknown): Promise<string[]> {
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
    copyFileSync(join(CONFIG_DIR, file), join(dir, file));
  // The CLI exits 1 when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run(
    process.execPath,
    [REDOCLY, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format=json'],
    { cwd: dir, env: TOOL_ENV, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    problems: {
      ruleId: string;
      severity: string;
      message: string;
      ignored?: boolean;
      location: { pointer: string }[];
    }[];
  };
  return report.problems
    .filter((p) => !p.ignored)
    .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
}

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; default?: unknown } & Record<
  string,
  unknown
>;

/** Every property with a `default` that a request body of `document` reaches, as `Schema.property` (components
 * followed through `$ref`, nested objects, items and compositions). */
export function requestDefaults(served: unknown): string[] {
  const document = served as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const found = new Set<string>();
  const seen = new Set<Schema>();
  const visit = (schema: Schema | undefined, name: string) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref) {
      const ref = schema.$ref.split('/').pop()!;
      return visit(document.components?.schemas?.[ref], ref);
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (property && 'default' in property) found.add(`${name}.${key}`);
      visit(property, name);
    }
    visit(schema.items, name);
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const child of (schema[key] as Schema[] | undefined) ?? []) visit(child, name);
  };
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        visit(media.schema, `${method.toUpperCase()} ${path}`);
  return [...found].sort();
}
