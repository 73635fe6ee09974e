#!/usr/bin/env node
// Prints the gzipped size of the JavaScript emitted by a Vite build, file by file. Never fails on size: the budgets
// are a test (apps/e2e/test/bundle-size.e2e-spec.ts), so a build (and `npm start`) is never stopped by them. It
// fails only when the build emitted no JavaScript at all (a build that produced nothing must not pass).
//
// Usage (from an app's folder):  node ../../tools/print-bundle-size.mjs [distDir=dist]
import { basename, relative, resolve } from 'node:path';
import { measureBundle, measureVisit } from './bundle-size.mjs';

const distDir = resolve(process.argv[2] ?? 'dist');
const app = basename(resolve(distDir, '..'));
const { files, raw, gzip } = measureBundle(distDir);
if (files.length === 0) {
  console.error(`[bundle-size] ${app}: no .js files under ${relative(process.cwd(), distDir) || distDir}/assets`);
  process.exit(2);
}
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
for (const f of files)
  console.log(`[bundle-size] ${app}: ${relative(distDir, f.path)}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
console.log(`[bundle-size] ${app}: total JS ${kb(raw)} raw, ${kb(gzip)} gzip`);
if (files.some((f) => /[\\/]lang-[a-z]{2}-/.test(f.path))) {
  const { pages } = measureVisit(distDir);
  console.log(
    `[bundle-size] ${app}: one visit, heaviest language: booking page ${kb(pages.booking)}, cancellation page ${kb(pages.cancel)} gzip`,
  );
}
