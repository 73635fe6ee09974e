// Summarises a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) by where the time went: self time per
// function and per module (an npm package, Node's own code, or a file of the product), and inclusive time per
// module (a sample counts once for every module on its stack). Used to read the API's cost per request under the
// benchmark's load (docs/performance.md, "The framework's cost per request").
//
//   node tools/bench/profile-summary.mjs <file.cpuprofile> [--top 25] [--since-ms 6000] [--module fastify] [--function transform]
//
// `--since-ms`: leave out the first milliseconds of the profile (the process's start: loading modules, Nest's
// boot), so what is left is the load.
// Shares are of the busy time: idle samples (the event loop waiting) are left out of every percentage.
// `--module` / `--function` (repeatable): also print the inclusive time of the matching modules or functions.
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const file = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: node tools/bench/profile-summary.mjs <file.cpuprofile> [--top N] [--module M] [--function F]');
  process.exit(2);
}
const values = (name) => argv.flatMap((a, i) => (a === `--${name}` ? [argv[i + 1]] : []));
const top = Number(values('top')[0] ?? 25);
const sinceUs = Number(values('since-ms')[0] ?? 0) * 1000;

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** The module a frame belongs to: the package under node_modules (scoped ones whole), node: internals, the
 * product's compiled file (apps/…/dist/…), or V8's pseudo-frames ((garbage collector), (program), (idle)). */
function moduleOf(callFrame) {
  const url = callFrame.url;
  if (!url) return callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const [first, second] = url.slice(nm + 14).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const dist = /\/(apps|libs)\/([^/]+)\/(?:dist\/)?(.*)$/.exec(url);
  if (dist) return `${dist[1]}/${dist[2]}/${dist[3]}`;
  return url;
}

// Time per sample: timeDeltas[i] is the time before sample i; the sample's own time is the next delta.
const samples = profile.samples;
const deltas = profile.timeDeltas;
const own = new Map();
let elapsed = 0;
for (let i = 0; i < samples.length; i++) {
  elapsed += deltas[i];
  if (elapsed < sinceUs) continue;
  const dt = deltas[i + 1] ?? 0;
  own.set(samples[i], (own.get(samples[i]) ?? 0) + dt);
}

const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
let busy = 0;
for (const [id, t] of own) if (!idleIds.has(id)) busy += t;
const total = [...own.values()].reduce((a, b) => a + b, 0);

const selfFn = new Map();
const selfModule = new Map();
const inclModule = new Map();
const fnPatterns = values('function');
const modulePatterns = values('module');
const inclFn = new Map();
for (const [id, t] of own) {
  if (idleIds.has(id)) continue;
  const frame = byId.get(id).callFrame;
  const mod = moduleOf(frame);
  const fnKey = `${frame.functionName || '(anonymous)'}  ${mod}:${frame.lineNumber + 1}`;
  selfFn.set(fnKey, (selfFn.get(fnKey) ?? 0) + t);
  selfModule.set(mod, (selfModule.get(mod) ?? 0) + t);
  const seenModules = new Set();
  const seenFns = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const f = byId.get(n).callFrame;
    seenModules.add(moduleOf(f));
    for (const p of fnPatterns) if (f.functionName.includes(p)) seenFns.add(`${f.functionName}  ${moduleOf(f)}`);
  }
  for (const m of seenModules) inclModule.set(m, (inclModule.get(m) ?? 0) + t);
  for (const f of seenFns) inclFn.set(f, (inclFn.get(f) ?? 0) + t);
}

const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
const pct = (us) => `${((us / busy) * 100).toFixed(1)} %`;
const print = (title, map, n = top) => {
  console.log(`\n${title}`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${pct(t).padStart(7)}  ${ms(t).padStart(9)}  ${key}`);
};

console.log(`${file}: ${ms(total)} sampled, ${ms(busy)} busy (${((busy / total) * 100).toFixed(0)} %)`);
print('Self time by function', selfFn);
print('Self time by module', selfModule);
print(
  'Inclusive time by module (a sample counts once per module on its stack)',
  modulePatterns.length
    ? new Map([...inclModule].filter(([m]) => modulePatterns.some((p) => m.includes(p))))
    : inclModule,
);
if (fnPatterns.length) print('Inclusive time of the functions asked for', inclFn);
