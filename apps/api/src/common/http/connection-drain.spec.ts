import { type Server, createServer } from 'node:http';
import { type Socket, connect } from 'node:net';
import { drainableConnections } from './connection-drain';

/** A raw connection, to send a request at the moment the test chooses and read what comes back. */
async function openConnection(
  server: Server,
): Promise<{ socket: Socket; received: () => string; ended: Promise<string> }> {
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  const accepted = new Promise((r) => server.once('connection', r));
  const socket = connect(address.port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
  await accepted;
  return { socket, received: () => text, ended };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const GET = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';

describe('drainableConnections', () => {
  let server: Server;
  let stopAccepting: () => Promise<void>;

  beforeEach(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => response.end(`ok ${body}`));
    });
    stopAccepting = drainableConnections(server).stopAccepting;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it('answers a connection accepted just before the close whose request arrives after it', async () => {
    const client = await openConnection(server);
    const stopped = stopAccepting();
    await sleep(100);
    client.socket.write(GET);

    expect(await client.ended).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*ok $/);
    await stopped;
    expect(server.listening).toBe(false);
  });

  it('finishes a request in progress across the close', async () => {
    const client = await openConnection(server);
    client.socket.write('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 11\r\n\r\nhello');
    await sleep(50);
    let stoppedAt = 0;
    const stopped = stopAccepting().then(() => (stoppedAt = Date.now()));
    await sleep(1_300); // beyond the grace for quiet connections: this one is not quiet
    expect(stoppedAt).toBe(0);
    client.socket.write(' mundo');

    expect(await client.ended).toMatch(/ok hello mundo$/);
    await stopped;
  });

  it('closes a keep-alive connection left quiet, then resolves', async () => {
    const client = await openConnection(server);
    client.socket.write(GET);
    await sleep(100);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    const startedAt = Date.now();
    await stopAccepting();

    expect(await client.ended).toMatch(/ok $/);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('closes a connection that never sends a request (Node would wait for it for ever), then resolves', async () => {
    const client = await openConnection(server);
    const startedAt = Date.now();
    await stopAccepting();

    expect(await client.ended).toBe('');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('refuses new connections once it stops accepting', async () => {
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('no port');
    await stopAccepting();
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(address.port, '127.0.0.1');
      socket.on('connect', () => resolve('connected'));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
