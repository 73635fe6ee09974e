import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** A connection with nothing in progress for this long is closed once the listener has closed: long enough for a
 * client that has just connected to send its request (answered, with Connection: close), short next to the drain. */
const IDLE_GRACE_MS = 1_000;
const CHECK_EVERY_MS = 100;

interface Connection {
  /** Requests being answered on it now. */
  active: number;
  /** When it last had nothing in progress (opened, or its last answer ended), and the bytes read by then. */
  idleSince: number;
  bytesAtIdle: number;
}

/** Follows every connection of the HTTP server so that a shutdown can stop accepting, answer what is in progress
 * and end as soon as nothing is. Node's own server.close() closes only the keep-alive connections idle at that
 * moment: one that goes idle later stays open for the keep-alive timeout (72 s with Fastify), and one opened but
 * never used (a browser's or a proxy's spare connection) keeps the server open for good. Here any connection quiet
 * for IDLE_GRACE_MS is closed, and one whose request has begun is left to finish. */
export function drainableConnections(server: Server): { stopAccepting: () => Promise<void> } {
  const connections = new Map<Socket, Connection>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now(), bytesAtIdle: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.active++;
    response.once('close', () => {
      connection.active--;
      connection.idleSince = Date.now();
      connection.bytesAtIdle = request.socket.bytesRead;
    });
  });

  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      // Bytes read since it went idle: the next request is on its way in.
      const quiet = connection.active === 0 && socket.bytesRead === connection.bytesAtIdle;
      if (quiet && now - connection.idleSince >= IDLE_GRACE_MS) socket.destroy();
    }
  };

  return {
    /** Closes the listener (new connections are refused) and resolves once every connection has ended: requests in
     * progress are answered, and quiet connections are closed. */
    stopAccepting: () =>
      new Promise<void>((resolve) => {
        const timer = setInterval(closeQuiet, CHECK_EVERY_MS);
        // net's close, not http's: it stops listening and leaves the open connections alone.
        NetServer.prototype.close.call(server, () => {
          clearInterval(timer);
          resolve();
        });
        closeQuiet();
      }),
  };
}
