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

export const CONNECTION_ERROR = 'Error de conexión. Por favor, inténtalo de nuevo.';

export type { ApiFailure };

export class ApiError extends Error {
  constructor(public readonly payload: ApiFailure) {
    super(payload.message ?? 'Error');
  }
}

/** GET of the event or its sessions. Errors carry the spec's texts (section 8); a network failure gets the
 * load's default text (section 4: 'Failed to fetch event' / 'Failed to fetch sessions'). */
async function getJson<T>(
  path: string,
  headers: Record<string, string>,
  failed: string,
  notFound?: string,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Accept: 'application/json', 'Accept-Language': 'es', ...headers } });
  } catch {
    throw new Error(failed);
  }
  if (res.status === 404 && notFound) throw new Error(notFound);
  if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
  const text = await res.text();
  if (!text) throw new Error('Empty response from server');
  return JSON.parse(text) as T;
}

export const fetchEvent = (eventId: number) =>
  getJson<PublicEvent>(`/api/events/${eventId}`, {}, 'Failed to fetch event', 'Event not found');

export const fetchSessions = (eventId: number, token: string) =>
  getJson<Session[]>(
    `/api/events/${eventId}/sessions?showEventDetails=true`,
    token ? { [SESSION_TOKEN_HEADER]: token } : {},
    'Failed to fetch sessions',
  );

async function postJson<T>(path: string, body: unknown, token: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      // No content type without a body: the API refuses an empty body declared as JSON.
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        'Accept-Language': 'es',
        ...(token ? { [SESSION_TOKEN_HEADER]: token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError({ message: CONNECTION_ERROR });
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) throw new ApiError((data as ApiFailure) ?? { message: `HTTP error! status: ${res.status}` });
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

/** The link's preview; a used or unknown link is an ApiError with the server's Spanish message (410). */
export async function fetchCancellation(token: string): Promise<CancellationPreview> {
  let res: Response;
  try {
    res = await fetch(cancellationPath(token), { headers: { Accept: 'application/json', 'Accept-Language': 'es' } });
  } catch {
    throw new ApiError({ message: CONNECTION_ERROR });
  }
  const data = (await res.json().catch(() => null)) as CancellationPreview | ApiFailure | null;
  if (!res.ok || !data) throw new ApiError((data as ApiFailure) ?? { message: `HTTP error! status: ${res.status}` });
  return data as CancellationPreview;
}

export const confirmCancellation = (token: string) =>
  postJson<{ message: string }>(cancellationPath(token), undefined, '');
