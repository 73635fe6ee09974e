// The readers of the `reads` workload, run as their own process by reads.mjs so they don't share a server's event
// loop: `concurrency` keep-alive clients, each reading the given paths in turn for `seconds`, as the booking page
// does on load. With `conditional` each client sends back the ETag it last got for a path (If-None-Match), as a
// browser or a CDN revalidating does. Bodies are read whole and not parsed.
// argv: ports(comma) paths(comma) seconds concurrency conditional(0|1)
import http from 'node:http';
import { percentiles } from './lib.mjs';

const [portsArg, pathsArg, secondsArg, concurrencyArg, conditionalArg] = process.argv.slice(2);
const ports = portsArg.split(',').map(Number);
const paths = pathsArg.split(',');
const seconds = Number(secondsArg);
const concurrency = Number(concurrencyArg);
const conditional = conditionalArg === '1';

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
const statuses = {};
let bytes = 0;

function get(port, path, etag) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const headers = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
    if (etag) headers['if-none-match'] = etag;
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, agent, headers }, (res) => {
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve({ status: res.statusCode, etag: res.headers.etag });
      });
    });
    req.on('error', () => {
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      resolve({ status: 0 });
    });
    req.end();
  });
}

const deadline = Date.now() + seconds * 1000;
const started = Date.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: concurrency }, async (_, client) => {
    const port = ports[client % ports.length];
    const etags = new Map();
    for (let i = client; Date.now() < deadline; i++) {
      const path = paths[i % paths.length];
      const answer = await get(port, path, conditional ? etags.get(path) : undefined);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.etag) etags.set(path, answer.etag);
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
agent.destroy();
process.send?.({
  requests: latencies.length,
  perSecond: latencies.length / elapsed,
  latency: percentiles(latencies),
  statuses,
  bytesPerRequest: bytes / Math.max(1, latencies.length),
  loadCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
});
