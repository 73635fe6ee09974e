import { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message as the SMTP server received it, decoded enough to assert on: the envelope, the headers, the
 * text and HTML parts and the attachments. */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  /** `content` decoded as UTF-8 text, `data` the bytes (an image); `contentId` without its angle brackets, for
   * an inline part that the HTML names as `cid:`. */
  attachments: { contentType: string; filename: string; content: string; data: Buffer; contentId: string | null }[];
}

/** A real SMTP server (the smtp-server package) on a random loopback port, keeping every message. It can be
 * stopped and started again on the same port (an SMTP outage), require a login, or refuse recipients. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  /** Recipients refused for good (550 on RCPT TO). */
  readonly refuse = new Set<string>();
  /** How long the server waits, after receiving a message (it is kept at once), before answering 250: a slow
   * server, so a test can kill a sender while its messages are accepted but not yet confirmed. */
  answerDelayMs = 0;
  private server: SMTPServer | null = null;
  port = 0;

  private constructor(private readonly login: { user: string; pass: string } | null) {}

  static async start(options: { login?: { user: string; pass: string } } = {}): Promise<SmtpCapture> {
    const capture = new SmtpCapture(options.login ?? null);
    await capture.listen();
    return capture;
  }

  /** Starts again (on the same port after a stop). */
  async listen(): Promise<void> {
    const server = new SMTPServer(this.options());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Closes the port and drops open connections (pooled clients' too). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  private options(): SMTPServerOptions {
    return {
      secure: false,
      disabledCommands: this.login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !this.login,
      allowInsecureAuth: true,
      closeTimeout: 50,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (this.login && auth.username === this.login.user && auth.password === this.login.pass)
          return callback(null, { user: auth.username });
        callback(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address)) {
          // As Postfix words it: the address is in the answer.
          const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected`) as Error & {
            responseCode: number;
          };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          this.messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMessage(raw) });
          if (this.answerDelayMs > 0) setTimeout(() => callback(), this.answerDelayMs);
          else callback();
        });
      },
    };
  }
}

/** Enough MIME for the tests: unfolded headers, RFC 2047 words, multipart bodies, base64 and quoted-printable. */
export function parseMessage(raw: string): Pick<CapturedMail, 'subject' | 'headers' | 'text' | 'html' | 'attachments'> {
  const result = { text: '', html: '', attachments: [] as CapturedMail['attachments'] };
  const { headers } = splitPart(raw);
  walk(raw, result);
  return { subject: decodeWords(headers.subject ?? ''), headers, ...result };
}

function walk(part: string, result: { text: string; html: string; attachments: CapturedMail['attachments'] }): void {
  const { headers, body } = splitPart(part);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) if (!piece.startsWith('--')) walk(piece.replace(/^\r\n/, ''), result);
    return;
  }
  const data = decodeBytes(body, headers['content-transfer-encoding']);
  const content = decodeBody(body, headers['content-transfer-encoding']);
  const disposition = headers['content-disposition'] ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
  const contentId = /^<?([^>]*)>?$/.exec(headers['content-id'] ?? '')?.[1] || null;
  if (/attachment/i.test(disposition) || filename)
    result.attachments.push({ contentType: type, filename: filename ?? '', content, data, contentId });
  else if (/^text\/html/i.test(type)) result.html = content;
  else if (/^text\/plain/i.test(type)) result.text = content;
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const head = end === -1 ? part : part.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : part.slice(end + 4) };
}

function decodeBytes(body: string, encoding = '7bit'): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(decodeBody(body, encoding), 'utf8');
}

function decodeBody(body: string, encoding = '7bit'): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body.replace(/=\r\n/g, '')).replace(/\r\n$/, '');
  return body.replace(/\r\n$/, '');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Polls until `check` answers something truthy (or its assertions pass), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Exclude<T, false | 0 | '' | null | undefined>;
      last = new Error(`${what}: ${JSON.stringify(value)}`);
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw last;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Points the app's e-mail settings at the capture server and turns sending on. */
export async function useSmtp(
  app: {
    request: (
      method: string,
      path: string,
      options: { token: string; body: unknown },
    ) => Promise<{ status: number; body: unknown }>;
  },
  token: string,
  smtp: SmtpCapture,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await app.request('PUT', '/api/email/settings', {
    token,
    body: {
      emailEnabled: true,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpUseSsl: false,
      emailFromAddress: 'inscripciones@example.com',
      emailFromName: 'Inscripciones',
      ...extra,
    },
  });
  if (res.status !== 200) throw new Error(`useSmtp: ${res.status} ${JSON.stringify(res.body)}`);
}
