import type { ApiFailure } from './logic/form-rules';
import {
  SESSION_TOKEN_HEADER,
  type CancellationPreview,
  type PublicEvent,
  type RegistrationRequest,
  type RegistrationResponse,
  type Session,
  type TicketHoldResponse,
} from '@evreg/contracts';

import { noteDateHeader, noteServerTime } from './clock';
import { language, t } from './i18n';

/** Every call names the visitor's language (just its code): the API answers its refusals in it. */
const languageHeader = () => ({ 'Accept-Language': language() });

export type { ApiFailure };

export class ApiError extends Error {
  constructor(
    public readonly payload: ApiFailure,
    public readonly status = 0,
  ) {
    super(payload.message ?? 'Error');
  }
}

/** The answer's JSON object, or null (empty, HTML from a proxy, anything else). */
async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  noteDateHeader(res.headers.get('date'));
  if (!/json/i.test(res.headers.get('content-type') ?? '')) return null;
  try {
    const data: unknown = JSON.parse(await res.text());
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A refusal as a payload with a sentence saying what to do, in the visitor's language: the server's own JSON when
 * it sent one (it answers in the Accept-Language asked for), otherwise a text chosen by status. */
function failure(status: number, data: Record<string, unknown> | null): ApiError {
  if (data && (typeof data.message === 'string' || data.errors || data.attendeeErrors))
    return new ApiError(data as ApiFailure, status);
  // A gateway's error page (HTML), an empty or unreadable answer, a 5xx without our JSON: never shown raw.
  const key = status === 429 ? 'api.tooMany' : status >= 500 || !data ? 'api.serverAway' : 'api.failed';
  return new ApiError({ message: t(key) }, status);
}

/** GET of the event or its sessions, failing with a tail for 'Error al cargar evento: ' (section 8's English texts
 * replaced, issue 19), in the visitor's language. */
async function getJson<T>(path: string, headers: Record<string, string>, fresh = false): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      headers: { Accept: 'application/json', ...languageHeader(), ...headers },
      cache: fresh ? 'no-cache' : 'default',
    });
  } catch {
    throw new Error(t('load.offline'));
  }
  if (res.status === 404) throw new Error(t('load.notFound'));
  const data = res.ok ? await readJson(res) : null;
  if (!data) throw new Error(t('load.serverAway'));
  return data as T;
}

export const fetchEvent = (eventId: number) => getJson<PublicEvent>(`/api/events/${eventId}`, {});

export const fetchSessions = (eventId: number, token: string, fresh = false) =>
  getJson<Session[]>(
    `/api/events/${eventId}/sessions?showEventDetails=true`,
    token ? { [SESSION_TOKEN_HEADER]: token } : {},
    fresh,
  );

async function postJson<T>(path: string, body: unknown, token: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      // No content type without a body: the API refuses an empty body declared as JSON.
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        ...languageHeader(),
        ...(token ? { [SESSION_TOKEN_HEADER]: token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError({ message: t('api.connection') });
  }
  const data = await readJson(res);
  if (data && typeof data.serverTime === 'string') noteServerTime(data.serverTime);
  if (!res.ok) throw failure(res.status, data);
  if (!data) throw new ApiError({ message: t('api.serverAway') }, res.status);
  return data as T;
}

export const createHold = (eventSessionId: number, sessionToken: string, numberOfSpots = 1) =>
  postJson<TicketHoldResponse>(
    '/api/ticketholds',
    { eventSessionId, sessionToken, numberOfSpots, userId: null },
    sessionToken,
  );

export async function expireHold(token: string): Promise<void> {
  try {
    await postJson('/api/ticketholds/expire', undefined, token);
  } catch (e) {
    console.warn('No se pudo liberar la reserva', e);
  }
}

/** One attendee uses the single route (building results when absent); more than one the bulk route. */
export async function register(
  sessionId: number,
  regs: RegistrationRequest[],
  token: string,
): Promise<RegistrationResponse> {
  if (regs.length > 1) {
    return postJson<RegistrationResponse>(
      `/api/events/sessions/${sessionId}/bulk-registrations`,
      { registrations: regs },
      token,
    );
  }
  const r = await postJson<RegistrationResponse>(`/api/events/sessions/${sessionId}/registrations`, regs[0], token);
  if (r.results?.length) return r;
  return r.queued
    ? {
        ...r,
        results: [
          { success: true, registrationId: r.id, queued: true, queuePosition: r.queuePosition, ticketCode: null },
        ],
        totalRegistrations: 0,
        totalQueued: 1,
      }
    : {
        ...r,
        results: [{ success: true, registrationId: r.id, queued: false, queuePosition: null, ticketCode: null }],
        totalRegistrations: 1,
        totalQueued: 0,
      };
}

const cancellationPath = (token: string) => `/api/registrations/cancellation/${encodeURIComponent(token)}`;

/** The link's preview; a used or unknown link is an ApiError with the server's message (410). */
export async function fetchCancellation(token: string): Promise<CancellationPreview> {
  let res: Response;
  try {
    res = await fetch(cancellationPath(token), { headers: { Accept: 'application/json', ...languageHeader() } });
  } catch {
    throw new ApiError({ message: t('api.connection') });
  }
  const data = await readJson(res);
  if (!res.ok || !data) throw failure(res.status, data);
  return data as unknown as CancellationPreview;
}

export const confirmCancellation = (token: string) =>
  postJson<{ message: string }>(cancellationPath(token), undefined, '');
