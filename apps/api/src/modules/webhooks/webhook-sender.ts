import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { AllowedDestinations, DestinationRefused, urlRefusal } from './webhook-destination';

/** A try's outcome as the delivery records it: the HTTP status and a reason of ours in Spanish, never anything the
 * receiver wrote (its body or headers could be an internal service's answer read back through the delivery log).
 * `refused`: the destination was not allowed, 'final' decided from the URL, 'dns' from the addresses its name resolved
 * to; either fails the delivery at once (WebhookDeliveryService.record). */
export type SendOutcome =
  { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string; refused?: 'final' | 'dns' };

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** POSTs a delivery: the URL checked again (a row saved before the check existed, or the configuration changed),
 * a name resolved and checked by `lookup` (guardedLookup) as the connection is made, so a refusal comes before any
 * socket is opened. No redirect is followed, the answer's body is never read, and the whole try (resolving,
 * connecting, the answer's status) lasts at most `timeoutMs`. */
export function postWebhook(
  post: WebhookPost,
  allowed: AllowedDestinations,
  lookup: LookupFunction,
): Promise<SendOutcome> {
  const refusal = urlRefusal(post.url, allowed);
  if (refusal) return Promise.resolve({ ok: false, statusCode: null, error: refusal, refused: 'final' });
  const url = new URL(post.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...post.headers, 'Content-Length': String(Buffer.byteLength(post.body)) },
      // A connection of its own each time: one made for another delivery was checked for that one's URL.
      agent: false,
      lookup,
      signal: AbortSignal.timeout(post.timeoutMs),
    });
    request.on('response', (response) => {
      response.on('error', () => undefined);
      response.destroy();
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve({ ok: true, statusCode: status });
      const redirect = status >= 300 && status < 400 ? ': redirección no seguida' : '';
      resolve({ ok: false, statusCode: status, error: `El receptor respondió ${status}${redirect}` });
    });
    request.on('error', (error) =>
      resolve({
        ok: false,
        statusCode: null,
        error: failureReason(error, post.timeoutMs),
        ...(error instanceof DestinationRefused && { refused: 'dns' as const }),
      }),
    );
    request.end(post.body);
  });
}

const RESOLVE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const CONNECT_REASONS: Record<string, string> = {
  ECONNREFUSED: 'conexión rechazada',
  ECONNRESET: 'conexión cortada sin respuesta',
  EPIPE: 'conexión cortada sin respuesta',
  EHOSTUNREACH: 'destino inalcanzable',
  ENETUNREACH: 'destino inalcanzable',
};

/** Our reason for a try that got no answer: from the error's kind and code only (an error's message can quote the
 * other side, a certificate's names for one). */
export function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DestinationRefused) return error.reason;
  const e = error as NodeJS.ErrnoException;
  if (e.name === 'AbortError' || e.name === 'TimeoutError')
    return `Tiempo de espera agotado: sin respuesta en ${timeoutMs} ms`;
  const code = typeof e.code === 'string' ? e.code : '';
  if (RESOLVE_CODES.has(code)) return 'No se pudo resolver el nombre';
  if (CONNECT_REASONS[code]) return `No se pudo conectar: ${CONNECT_REASONS[code]}`;
  if (/CERT|TLS|SSL/.test(code)) return `No se pudo conectar: certificado TLS no válido (${code})`;
  return /^[A-Z0-9_]+$/.test(code) ? `No se pudo conectar (${code})` : 'No se pudo conectar';
}
