import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/* What the generated-client checks share (openapi-contract and openapi-v1-clients): an integrator's program is
 * written the natural way, without casts, and compiles under `tsc --strict` against the generated client. */

/** The casts an integrator's code must not need: `as` (but `as const`), `<T>x`, `!` and `any`. */
export function casts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isAsExpression(node) && node.type.getText(source) !== 'const') ||
      ts.isTypeAssertionExpression(node) ||
      ts.isNonNullExpression(node) ||
      node.kind === ts.SyntaxKind.AnyKeyword
    )
      found.push(node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `tsc --strict` of the job and what it imports; answers the diagnostics ('' when none). */
export function compile(dir: string, file: string): string {
  const program = ts.createProgram([file], {
    strict: true,
    noEmitOnError: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(dir, 'node_modules/@types')],
    skipLibCheck: true,
    rootDir: dir,
    outDir: join(dir, 'out'),
  });
  const emitted = program.emit();
  const diagnostics = ts.getPreEmitDiagnostics(program).concat(emitted.diagnostics);
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
  return ts.formatDiagnostics(diagnostics, host);
}
