// The load generator, run as its own process by flash-crowd.mjs so it doesn't share the API's event loop.
// argv: ports(comma) sessionId visitors concurrency [first visitor's number, 0 by default]
import { affinityOf } from './affinity.mjs';
import { dni, percentiles, pool, request } from './lib.mjs';

const [portsArg, sessionArg, visitorsArg, concurrencyArg] = process.argv.slice(2);
const ports = portsArg.split(',').map(Number);
const sessionId = Number(sessionArg);
const visitors = Number(visitorsArg);
const concurrency = Number(concurrencyArg);
const first = Number(process.argv[6] ?? 0);

const holdMs = [];
const registerMs = [];
const statuses = {};
let seated = 0;
let queued = 0;
let refused = 0;
let serverErrors = 0;
const count = (key) => (statuses[key] = (statuses[key] ?? 0) + 1);

const started = Date.now();
const cpuBefore = process.cpuUsage();
await pool(visitors, concurrency, async (n) => {
  const i = first + n;
  const port = ports[i % ports.length];
  const token = `bench-visitante-${i}`;
  const hold = await request(port, 'POST', '/api/ticketholds', {
    eventSessionId: sessionId,
    sessionToken: token,
    numberOfSpots: 1,
    userId: null,
  });
  holdMs.push(hold.ms);
  count(`hold ${hold.status}`);
  const email = `visitante${i}@example.com`;
  const reg = await request(
    port,
    'POST',
    `/api/events/sessions/${sessionId}/registrations`,
    {
      eventSessionId: sessionId,
      firstName: 'Visitante',
      lastName: `Número ${i}`,
      email,
      confirmEmail: email,
      userTaxId: dni(i + 1),
      gdprConsent: true,
    },
    { 'x-session-token': token },
  );
  registerMs.push(reg.ms);
  count(`register ${reg.status}`);
  if (hold.status >= 500 || hold.status === 0 || reg.status >= 500 || reg.status === 0) serverErrors++;
  if (reg.status !== 201) refused++;
  else if (reg.body.queued) queued++;
  else seated++;
});
const seconds = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
process.send?.({
  // CPU the load generator itself took, in core-seconds per second of the run (0.5 = half a core).
  loadCpu: (cpu.user + cpu.system) / 1e6 / seconds,
  seconds,
  seated,
  queued,
  refused,
  serverErrors,
  statuses,
  hold: percentiles(holdMs),
  register: percentiles(registerMs),
  // The CPUs this process may run on: run.mjs --pin prints it.
  affinity: affinityOf('self'),
});
