// The gzipped size of the JavaScript a Vite build emitted (every .js/.mjs under dist/assets): what a visitor
// downloads. 1 KB = 1024 bytes; zlib's default gzip level (6). Used by print-bundle-size.mjs after each build and
// by the size budget test (apps/e2e/test/bundle-size.e2e-spec.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

function listJs(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return listJs(p);
    return /\.(m?js)$/.test(e.name) ? [p] : [];
  });
}

/** Each JS file with its raw and gzipped bytes, and the totals. */
export function measureBundle(distDir) {
  const files = listJs(join(distDir, 'assets'))
    .sort()
    .map((path) => {
      const buf = readFileSync(path);
      return { path, raw: buf.length, gzip: gzipSync(buf).length };
    });
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}
