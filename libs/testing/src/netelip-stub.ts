import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a request to the stand-in carried: Netelip's form fields. */
export interface NetelipRequestSeen {
  token: string;
  from: string;
  destination: string;
  message: string;
  contentType: string;
}

/** How the stand-in answers: a Netelip status code in its XML body, an HTTP 503, or never (to test timeouts). */
export type NetelipMode = { status: '200' | '401' | '402' | '412' | '103' | '109' } | { http: number } | { hang: true };

/** A local HTTP server answering like Netelip's SMS API (POST form fields, XML answer), pointed to by
 * NETELIP_BASE_URL. Records every request; the mode can change between tests, or per destination. */
export class NetelipStub {
  readonly requests: NetelipRequestSeen[] = [];
  mode: NetelipMode = { status: '200' };
  /** Modes for particular destinations (e.g. one number answering 402 while the others succeed). */
  readonly modeFor = new Map<string, NetelipMode>();
  /** How long it takes to answer a request (a slow provider). */
  answerDelayMs = 0;
  private readonly hanging = new Set<ServerResponse>();
  private nextId = 1;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<NetelipStub> {
    const holder: { stub?: NetelipStub } = {};
    const server = createServer((req, res) => void holder.stub!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.stub = new NetelipStub(server, `http://127.0.0.1:${port}/v1/sms/api.php`);
    return holder.stub;
  }

  reset(): void {
    this.requests.length = 0;
    this.mode = { status: '200' };
    this.modeFor.clear();
    this.answerDelayMs = 0;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const seen: NetelipRequestSeen = {
      token: form.get('token') ?? '',
      from: form.get('from') ?? '',
      destination: form.get('destination') ?? '',
      message: form.get('message') ?? '',
      contentType: req.headers['content-type'] ?? '',
    };
    this.requests.push(seen);
    if (this.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
    const mode = this.modeFor.get(seen.destination) ?? this.mode;
    if ('hang' in mode) {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if ('http' in mode) {
      res.writeHead(mode.http, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const id = mode.status === '200' ? `<ID-SMS>${this.nextId++}</ID-SMS>` : '';
    res
      .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sms><status>${mode.status}</status>${id}<remainingbalance>12.30</remainingbalance></sms>`,
      );
  }
}
