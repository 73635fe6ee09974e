// CPU affinity for `run.mjs --pin`: PostgreSQL on one core, the benchmark (the API, the load generator, pgbench)
// on the other, so that the API's figures are measured as if the database were on a machine of its own. Linux only
// (taskset, pgrep, /proc). PostgreSQL is shared: whatever is pinned is put back on every CPU at the end, and checked.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every CPU of the machine, as taskset writes it ("0-1" on two cores). */
export const ALL_CPUS = `0-${cpus().length - 1}`;

/** "0-1,3" -> [0, 1, 3] */
function expand(list) {
  return list
    .trim()
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
}

const sameCpus = (a, b) => expand(a).join(',') === expand(b).join(',');

/** The CPUs a process may run on (its main thread's), from /proc/PID/status; null if it has ended. */
export function affinityOf(pid) {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1];
  } catch {
    return null;
  }
}

/** Every task (thread) of the process may run on these CPUs only, and so may what it forks from now on. */
function setAffinity(pid, list) {
  return spawnSync('taskset', ['-a', '-cp', list, String(pid)], { encoding: 'utf8' }).status === 0;
}

/** This process and everything it starts afterwards (children inherit the affinity). */
export function pinSelf(list) {
  if (!setAffinity(process.pid, list)) throw new Error(`taskset could not pin this process to CPU ${list}`);
}

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The processes this one started and that still run (the API, the load generator, pgbench), by their pids. */
export function ownChildren() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => parentOf(pid) === process.pid);
}

/** One pinned run at a time on a machine: a second one would put PostgreSQL back on every CPU in the middle of the
 * first (and the first would find it so). The lock is a file holding the pid; a dead pid's lock is taken over. */
const LOCK = join(tmpdir(), 'evreg-bench-pin.lock');
function lock() {
  try {
    writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(LOCK, 'utf8'));
    if (holder && affinityOf(holder) !== null) throw new Error(`another pinned run (pid ${holder}) holds ${LOCK}`);
    writeFileSync(LOCK, String(process.pid));
  }
}
function unlock() {
  try {
    if (Number(readFileSync(LOCK, 'utf8')) === process.pid) rmSync(LOCK);
  } catch {
    // Not ours, or gone.
  }
}

/** PostgreSQL's processes (`pgrep -u postgres`), the postmaster(s) first: those whose parent is not one of them. */
export function postgresProcesses() {
  const pids = spawnSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
  const set = new Set(pids);
  const postmasters = pids.filter((pid) => !set.has(parentOf(pid)));
  return { postmasters, all: [...postmasters, ...pids.filter((pid) => !postmasters.includes(pid))] };
}

/** Puts every PostgreSQL process on `list`: the postmaster first (the backends it forks from then on inherit it), then
 * every process that exists after that. Then reads each one's affinity back; answers the processes checked and those
 * found elsewhere (a process that ended meanwhile is neither). */
function setPostgres(list) {
  const { postmasters } = postgresProcesses();
  if (!postmasters.length) throw new Error('no PostgreSQL process (pgrep -u postgres found none)');
  for (const pid of postmasters)
    if (!setAffinity(pid, list)) throw new Error(`taskset could not set the postmaster ${pid} to CPU ${list}`);
  for (const pid of postgresProcesses().all) setAffinity(pid, list); // one that ended meanwhile fails: no matter
  let checked = 0;
  const wrong = [];
  for (const pid of postgresProcesses().all) {
    const now = affinityOf(pid);
    if (now === null) continue;
    checked++;
    if (!sameCpus(now, list)) wrong.push(`${pid}: ${now}`);
  }
  return { checked, wrong };
}

/** PostgreSQL on `cpu` until `restore()`, which also runs on exit, on an uncaught error and on SIGINT / SIGTERM /
 * SIGHUP (a SIGKILL can't be caught: then `for p in $(pgrep -u postgres); do taskset -a -cp 0-1 $p; done`).
 * `restore()` puts every PostgreSQL process back on every CPU and checks each one from /proc; it throws (or, at
 * exit, says so and sets the exit code) if one is not. */
export function pinPostgres(cpu, { onSignal = () => {} } = {}) {
  let pinned = true;
  const restore = () => {
    if (!pinned) return null;
    const result = setPostgres(ALL_CPUS);
    if (result.wrong.length)
      throw new Error(`PostgreSQL's affinity NOT restored to ${ALL_CPUS}: ${result.wrong.join(', ')}`);
    pinned = false; // only once checked: a failed restore is tried again at exit
    unlock();
    console.log(
      `\nAfinidad de PostgreSQL restaurada: ${result.checked} procesos (pgrep -u postgres), todos en las CPU ` +
        `${ALL_CPUS} según /proc/PID/status (Cpus_allowed_list)`,
    );
    return result;
  };
  const atExit = () => {
    try {
      restore();
    } catch (error) {
      console.error(String(error));
      process.exitCode = 1;
    }
  };
  const onSignalReceived = (signal) => {
    console.error(`\n${signal}: restoring PostgreSQL's affinity before stopping`);
    onSignal();
    atExit();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal] ?? 0));
  };
  lock();
  process.on('exit', atExit);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignalReceived);
  try {
    const result = setPostgres(String(cpu));
    if (result.wrong.length) throw new Error(`PostgreSQL not pinned to CPU ${cpu}: ${result.wrong.join(', ')}`);
    console.log(`PostgreSQL en la CPU ${cpu}: ${result.checked} procesos (el postmaster y sus hijos)`);
  } catch (error) {
    atExit();
    throw error;
  }
  return { restore };
}

/** Each CPU's busy and stolen jiffies so far, from /proc/stat ("cpuN user nice system idle iowait irq softirq steal
 * …"): busy is everything but idle, iowait and steal. */
export function cpuTimes() {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = line.split(/\s+/).slice(1).map(Number);
      const busy = user + nice + system + irq + softirq;
      return { busy, steal, total: busy + idle + iowait + steal };
    });
}

/** Each CPU's share busy (and stolen by the hypervisor) between two `cpuTimes()`. */
export function cpuUse(before, after) {
  return after.map((a, i) => {
    const total = a.total - before[i].total || 1;
    return { busy: (a.busy - before[i].busy) / total, steal: (a.steal - before[i].steal) / total };
  });
}
