#!/usr/bin/env node
// Prints the gzipped size of the JavaScript emitted by a Vite build and fails
// when the total exceeds a budget.
//
// Usage (from an app's folder):  node ../../tools/print-bundle-size.mjs <budgetKB> [distDir=dist]
// 1 KB = 1024 bytes; sizes use zlib's default gzip level (6). Exits 1 when over
// budget, 2 on bad usage or when no JS is found (a build that produced nothing
// must not pass).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const [budgetArg, distArg = 'dist'] = process.argv.slice(2);
const budgetKB = Number(budgetArg);
if (!budgetArg || !Number.isFinite(budgetKB) || budgetKB <= 0) {
  console.error('usage: print-bundle-size.mjs <budgetKB> [distDir]');
  process.exit(2);
}

const distDir = resolve(distArg);
const assetsDir = join(distDir, 'assets');
const app = basename(resolve(distDir, '..'));

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

const files = listJs(assetsDir).sort();
if (files.length === 0) {
  console.error(`[bundle-size] ${app}: no .js files under ${relative(process.cwd(), assetsDir) || assetsDir}`);
  process.exit(2);
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
let rawTotal = 0;
let gzTotal = 0;
for (const f of files) {
  const buf = readFileSync(f);
  const gz = gzipSync(buf).length;
  rawTotal += buf.length;
  gzTotal += gz;
  console.log(`[bundle-size] ${app}: ${relative(distDir, f)}  ${kb(buf.length)} raw, ${kb(gz)} gzip`);
}

const budget = budgetKB * 1024;
const verdict = gzTotal <= budget ? 'OK' : 'OVER BUDGET';
console.log(
  `[bundle-size] ${app}: total JS ${kb(rawTotal)} raw, ${kb(gzTotal)} gzip (budget ${budgetKB} KB) ${verdict}`,
);
if (gzTotal > budget) process.exit(1);
