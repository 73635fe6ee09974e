import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** How long a reachability check waits for a server before calling it down. */
export const PROBE_TIMEOUT_MS = 3_000;

export type ProbeResult = { ok: true; latencyMs: number } | { ok: false; reason: string };

/** An SMTP server answers: a connection (TLS from the start on 465 when `tls`) and its 220 greeting, then QUIT.
 * No EHLO and no login: checking must not count as a failed sign-in on the server. */
export function probeSmtp(host: string, port: number, tls: boolean): Promise<ProbeResult> {
  return probe(host, port, tls, (line) =>
    line.startsWith('220') ? null : `el servidor respondió «${line.slice(0, 60)}»`,
  );
}

/** A TCP (or TLS) connection is accepted: nothing is sent (an SMS API charges per request). */
export function probeConnect(host: string, port: number, tls: boolean): Promise<ProbeResult> {
  return probe(host, port, tls, null);
}

function probe(
  host: string,
  port: number,
  tls: boolean,
  greeting: ((line: string) => string | null) | null,
): Promise<ProbeResult> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  return new Promise((resolveProbe) => {
    let settled = false;
    const socket: Socket = tls ? tlsConnect({ host, port, servername: host }) : tcpConnect({ host, port });
    const done = (result: ProbeResult) => {
      if (settled) return;
      settled = true;
      if (result.ok && greeting) socket.end('QUIT\r\n');
      else socket.destroy();
      resolveProbe(result);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () =>
      done({ ok: false, reason: `sin respuesta en ${PROBE_TIMEOUT_MS / 1000} s` }),
    );
    socket.once('error', (error: NodeJS.ErrnoException) => done({ ok: false, reason: connectionReason(error) }));
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      if (!greeting) done({ ok: true, latencyMs: elapsed() });
    });
    if (greeting) {
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        const end = received.indexOf('\n');
        if (end < 0) return;
        const problem = greeting(received.slice(0, end).trim());
        done(problem ? { ok: false, reason: problem } : { ok: true, latencyMs: elapsed() });
      });
    }
  });
}

function connectionReason(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'conexión rechazada';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'nombre de servidor desconocido';
    case 'ETIMEDOUT':
      return 'sin respuesta';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'servidor inalcanzable';
    default:
      return error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')
        ? 'error de TLS (certificado)'
        : `error de conexión (${error.code ?? error.message})`;
  }
}
