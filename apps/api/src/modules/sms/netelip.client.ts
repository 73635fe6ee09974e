import { Inject, Injectable } from '@nestjs/common';
import { SMS_MESSAGES } from '@evreg/contracts';
import { XMLParser } from 'fast-xml-parser';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { netelipNetworkText } from './netelip-error-text';

const M = SMS_MESSAGES;

export interface NetelipRequest {
  token: string;
  from: string;
  /** Already in Netelip's form (netelipDestination). */
  destination: string;
  message: string;
}

/** sent: accepted by Netelip. failed: refused for good (retrying would get the same answer). retry: the
 * provider could not be reached or answered 5xx: worth another try later. `error` is the Spanish text stored
 * in the SMS log; it names no recipient. */
export type NetelipOutcome =
  { kind: 'sent'; providerId: string | null } | { kind: 'failed'; error: string } | { kind: 'retry'; error: string };

/** Netelip's status codes that refuse a message (Netelip's API documentation; docs/domain.md, "SMS"). */
const REFUSALS: Record<string, string> = {
  '401': M.netelipUnauthorized,
  '402': M.netelipNoCredit,
  '412': M.netelipMalformed,
  '103': M.netelipParameters,
  '109': M.netelipMissing,
};

const xml = new XMLParser({ parseTagValue: false });

/** Netelip's SMS API: a form POST answered with XML (<status>, <ID-SMS>, <remainingbalance>). */
@Injectable()
export class NetelipClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(request: NetelipRequest): Promise<NetelipOutcome> {
    let httpStatus: number;
    let body: string;
    try {
      const response = await fetch(this.config.netelipBaseUrl, {
        method: 'POST',
        body: new URLSearchParams({
          token: request.token,
          from: request.from,
          destination: request.destination,
          message: request.message,
        }),
        signal: AbortSignal.timeout(this.config.netelipTimeoutMs),
      });
      httpStatus = response.status;
      body = await response.text();
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') return { kind: 'retry', error: M.netelipTimeout };
      return { kind: 'retry', error: M.netelipUnavailable(netelipNetworkText(e.cause?.code ?? e.message)) };
    }
    if (httpStatus >= 500)
      return { kind: 'retry', error: M.netelipUnavailable(netelipNetworkText(`HTTP ${httpStatus}`)) };

    const answer = findTags(safeParse(body));
    const code = answer.status ?? (httpStatus === 200 ? undefined : String(httpStatus));
    if (code === '200') return { kind: 'sent', providerId: answer.id ?? null };
    if (code === undefined) return { kind: 'failed', error: M.netelipBadAnswer };
    return { kind: 'failed', error: REFUSALS[code] ?? M.netelipUnknown(code) };
  }
}

function safeParse(body: string): unknown {
  try {
    return xml.parse(body);
  } catch {
    return {};
  }
}

/** The <status> and <ID-SMS> values wherever they sit under the root element (its name isn't documented). */
function findTags(node: unknown): { status?: string; id?: string } {
  const found: { status?: string; id?: string } = {};
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const name = key.toLowerCase();
      if (name === 'status' && found.status === undefined && (typeof child === 'string' || typeof child === 'number'))
        found.status = String(child).trim();
      else if (name === 'id-sms' && found.id === undefined && (typeof child === 'string' || typeof child === 'number'))
        found.id = String(child).trim();
      else visit(child);
    }
  };
  visit(node);
  return found;
}
