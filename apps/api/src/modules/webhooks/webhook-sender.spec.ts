import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AllowedDestinations, guardedLookup, type Resolver } from './webhook-destination';
import { postWebhook } from './webhook-sender';

/** A loopback listener counting connections and requests; answers as `reply` says. */
async function listener(
  host: string,
  reply: (res: import('node:http').ServerResponse) => void = (res) => res.end(),
  port = 0,
) {
  const seen = { connections: 0, requests: 0 };
  const server: Server = createServer((_req, res) => {
    seen.requests++;
    reply(res);
  });
  server.on('connection', () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { seen, port: (server.address() as AddressInfo).port, close };
}

const post = (url: string, timeoutMs = 2_000) => ({ url, headers: {}, body: '{}', timeoutMs });

describe('postWebhook', () => {
  const allowed = new AllowedDestinations(['127.0.0.2/32']);
  let receiver: Awaited<ReturnType<typeof listener>>;
  let trap: Awaited<ReturnType<typeof listener>>;

  beforeEach(async () => {
    receiver = await listener('127.0.0.2');
    // On the receiver's port: a connection to the wrong address would reach it.
    trap = await listener('127.0.0.1', undefined, receiver.port);
  });
  afterEach(async () => {
    await Promise.all([receiver.close(), trap.close()]);
  });

  it('connects to the address it checked: a DNS answer that changes afterwards is never used', async () => {
    const answers = ['127.0.0.2', '127.0.0.1'];
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: answers[Math.min(calls++, 1)], family: 4 }];
    const outcome = await postWebhook(
      post(`http://rebind.test:${receiver.port}/`),
      allowed,
      guardedLookup(allowed, rebinding),
    );
    expect(outcome).toEqual({ ok: true, statusCode: 200 });
    expect(calls).toBe(1);
    expect(receiver.seen.requests).toBe(1);
    expect(trap.seen.connections).toBe(0);
  });

  it('refuses a whole answer holding one non-public address, before any connection', async () => {
    const mixed: Resolver = async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(
      await postWebhook(post(`http://mixed.test:${receiver.port}/`), allowed, guardedLookup(allowed, mixed)),
    ).toEqual({
      ok: false,
      statusCode: null,
      error: 'Destino no permitido: dirección de bucle local (127.0.0.1)',
      refused: 'dns',
    });
    expect(receiver.seen.connections + trap.seen.connections).toBe(0);
  });

  it('a literal address is refused for good, without a lookup or a connection', async () => {
    const resolver = jest.fn<ReturnType<Resolver>, Parameters<Resolver>>();
    const outcome = await postWebhook(
      post(`http://0x7f000001:${receiver.port}/`),
      allowed,
      guardedLookup(allowed, resolver),
    );
    expect(outcome).toMatchObject({ ok: false, refused: 'final' });
    expect(resolver).not.toHaveBeenCalled();
    expect(trap.seen.connections).toBe(0);
  });

  it('records our reasons only: a status, a timeout, a refused connection, a name that does not resolve', async () => {
    const lookup = guardedLookup(allowed, async () => [{ address: '127.0.0.2', family: 4 }]);
    const answering = await listener('127.0.0.2', (res) => {
      res.writeHead(500, { 'x-internal': 'secreto' });
      res.end('contraseña=secreto');
    });
    const hanging = await listener('127.0.0.2', () => undefined);
    try {
      expect(await postWebhook(post(`http://127.0.0.2:${answering.port}/`), allowed, lookup)).toEqual({
        ok: false,
        statusCode: 500,
        error: 'El receptor respondió 500',
      });
      expect(await postWebhook(post(`http://receptor.test:${hanging.port}/`, 200), allowed, lookup)).toMatchObject({
        error: 'Tiempo de espera agotado: sin respuesta en 200 ms',
      });
    } finally {
      await Promise.all([answering.close(), hanging.close()]);
    }
    expect(await postWebhook(post(`http://127.0.0.2:${answering.port}/`), allowed, lookup)).toMatchObject({
      error: 'No se pudo conectar: conexión rechazada',
    });
    const nowhere = guardedLookup(allowed, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    expect(await postWebhook(post('http://nowhere.test/'), allowed, nowhere)).toMatchObject({
      statusCode: null,
      error: 'No se pudo resolver el nombre',
    });
  });
});
