#!/usr/bin/env node
// Proves that the build graph never serves a stale bundle (docs/architecture.md, "Build graph"): in a scratch
// copy of the workspace, build the web apps with Nx's cache on, build again (the cache must answer, or the
// check would prove nothing), change the Spanish texts of libs/contracts, build once more: Nx must rebuild each
// app and its bundle must carry the changed texts. Exits 1 with the reason otherwise.
// Usage: node tools/check-build-graph.mjs   (about a minute; CI runs it before the tests)
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['admin', 'booking'];
const CONTRACTS = 'libs/contracts/src';
const SOURCES = ['messages.ts', 'booking.ts'];

class CheckFailed extends Error {}
function fail(message) {
  throw new CheckFailed(message);
}

/** The workspace as git sees it (tracked and new files, ignored ones left out). */
function scratchCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'evreg-graph-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(dir, file));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error; // deleted in the working tree but not yet in git
    }
  }
  // The installed packages are shared: the root's and those npm put under a workspace.
  for (const where of ['.', ...['apps', 'libs'].flatMap((d) => readdirSync(join(root, d)).map((p) => join(d, p)))]) {
    if (existsSync(join(root, where, 'node_modules')))
      symlinkSync(join(root, where, 'node_modules'), join(dir, where, 'node_modules'));
  }
  return dir;
}

/** Builds one app with Nx (cache on, no daemon); answers whether Nx took it from the cache. */
function build(dir, app) {
  const result = spawnSync('npx', ['nx', 'run', `@evreg/${app}:build`, '--output-style=stream'], {
    cwd: dir,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: '', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  // Without colours: Nx colours its lines when it thinks a terminal (or CI) is watching.
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  if (result.status !== 0) fail(`the build of ${app} failed:\n${output}`);
  // Nx marks each task it did not run: `> nx run @evreg/admin:build  [local cache]` (or `[existing outputs…]`).
  const line = output.split('\n').find((l) => l.includes(`nx run @evreg/${app}:build`));
  if (!line) fail(`Nx did not report the build of ${app}:\n${output}`);
  return /\[(local cache|remote cache|existing outputs)/.test(line);
}

function bundleText(dir, app) {
  const assets = join(dir, 'apps', app, 'dist', 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}

const dir = scratchCopy();
try {
  for (const app of APPS) build(dir, app);
  for (const app of APPS) if (!build(dir, app)) fail(`the second build of ${app} did not come from Nx's cache`);

  // Every string of the contracts' messages (the back office shows them) and booking constants (the booking page
  // sends its header) gets a mark; each bundle uses some of them, so its rebuild must show it.
  const MARK = '[cambio de prueba]';
  for (const app of APPS) if (bundleText(dir, app).includes(MARK)) fail(`the ${app} bundle carries the mark already`);
  for (const file of SOURCES) {
    const source = readFileSync(join(dir, CONTRACTS, file), 'utf8');
    writeFileSync(join(dir, CONTRACTS, file), source.replace(/'([^'\\\n]{12,})'/g, `'$1 ${MARK}'`));
  }

  for (const app of APPS) {
    if (build(dir, app)) fail(`after changing ${CONTRACTS}, Nx replayed the cached ${app} bundle`);
    const marked = bundleText(dir, app).split(MARK).length - 1;
    if (!marked) fail(`the rebuilt ${app} bundle does not carry the changed texts of ${CONTRACTS}`);
    console.log(`check-build-graph: ${app} rebuilt after the contracts change, ${marked} changed texts in its bundle`);
  }
  console.log('check-build-graph: OK (cache used when nothing changed; a contracts change rebuilds both apps)');
} catch (error) {
  if (!(error instanceof CheckFailed)) throw error;
  console.error(`check-build-graph: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
