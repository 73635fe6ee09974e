import { IncomingHttpHeaders, Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived (what the signature covers). */
  raw: string;
  body: { id: string; type: string; createdAt: string; data: any };
  at: number;
  /** The status it was answered (null: the connection failed or hung). */
  answered: number | null;
}

/** How the receiver answers one request: a status (and body) after a delay, or a failure of the connection. */
export interface Reply {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** 'destroy': the socket is cut without an answer; 'hang': never answers. */
  fail?: 'destroy' | 'hang';
}

/** A local HTTP receiver for webhook tests, the API's and the browser tests' (node:http on 127.0.0.1, or another
 * loopback address, a free port):
 * records every request's raw body and headers; each path answers as `reply` says (200 by default), `reply` being
 * told how many requests that path had before. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** TCP connections accepted, a request sent on them or not (a refused destination must open none). */
  connections = 0;
  private readonly replies = new Map<string, (count: number) => Reply>();
  private readonly counts = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    private readonly host: string,
  ) {}

  static async start(options: { host?: string } = {}): Promise<WebhookReceiver> {
    const server = createServer();
    const host = options.host ?? '127.0.0.1';
    const receiver = new WebhookReceiver(server, host);
    server.on('connection', () => receiver.connections++);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: ReceivedWebhook['body'];
        try {
          body = JSON.parse(raw);
        } catch {
          body = { id: '', type: '', createdAt: '', data: null };
        }
        const count = receiver.counts.get(path) ?? 0;
        receiver.counts.set(path, count + 1);
        const reply = receiver.replies.get(path)?.(count) ?? {};
        const answered = reply.fail ? null : (reply.status ?? 200);
        receiver.received.push({ path, headers: req.headers, raw, body, at: Date.now(), answered });
        const answer = () => {
          if (reply.fail === 'destroy') return req.socket.destroy();
          if (reply.fail === 'hang') return;
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
          res.end(reply.body ?? 'ok');
        };
        if (reply.delayMs) setTimeout(answer, reply.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
    return receiver;
  }

  url(path: string): string {
    return `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}${path}`;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** How `path` answers from now on. */
  on(path: string, reply: (count: number) => Reply): void {
    this.replies.set(path, reply);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
