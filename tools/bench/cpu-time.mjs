// CPU time of processes from /proc: what a request costs the server and the database in `npm run bench`.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** CPU time (user + system) every PostgreSQL process of the machine has used so far, from /proc (backends come and
 * go: a backend that exits during a run takes its share with it, so this errs low; it also counts whatever else
 * the machine asks of the database meanwhile). */
export function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** CPU time (user + system) the server processes have used so far, from /proc: what a request costs the server
 * whatever else the machine runs (the reference's figure leaves out PostgreSQL's share). */
export function serverCpuSeconds(children) {
  return children.reduce((total, child) => total + cpuSecondsOf(child.pid), 0);
}

/** One process's user + system CPU seconds so far (/proc/PID/stat, fields 14 and 15). */
export function cpuSecondsOf(pid) {
  cpuSecondsOf.ticks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / cpuSecondsOf.ticks;
}
