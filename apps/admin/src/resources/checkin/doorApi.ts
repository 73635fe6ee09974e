import type {
  AttendancePage,
  CheckInAnswer,
  CheckInRequest,
  DoorSession,
  OfflineList,
  SyncAnswer,
  UndoCheckInAnswer,
} from '@evreg/contracts';
import { HttpError } from 'react-admin';
import { apiFetch, errorBody } from '../../providers/session';
import type { PendingScan } from './rules';

/** The check-in calls of one session, by a signed-in member of staff (bearer, Checkin.Update) or by a door link
 * (the token in the path, no account). The door screen is the same for both. Not react-admin's data provider: a
 * scan is no record, and the screen must tell "no network" (decide offline) from a refusal at once, without the
 * provider's retries. */
export interface DoorApi {
  /** Where this door keeps its list and pending scans (localStorage). */
  scope: string;
  /** The door's name sent with each scan (a door link's label); null: the server notes who signed in. */
  door: string | null;
  checkIn(request: CheckInRequest): Promise<CheckInAnswer>;
  undo(checkInId: number): Promise<UndoCheckInAnswer>;
  offlineList(): Promise<OfflineList>;
  sync(scans: CheckInRequest[]): Promise<SyncAnswer>;
  search(query: string, signal?: AbortSignal): Promise<AttendancePage>;
}

/** No answer from the server (no network, or a proxy's 502-504): the scan is decided here. */
export class Offline extends Error {}

const post = (body?: unknown): RequestInit => ({
  method: 'POST',
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** Staff signed in: the session's fetch (token refresh included). Reads are not retried here (`noRetry`): a door
 * without network decides on its own at once. */
export function staffDoorApi(sessionId: number): DoorApi {
  const run = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    try {
      const { json } = await apiFetch(path, { ...init, method: init.method ?? 'POST' });
      return json as T;
    } catch (error) {
      if (error instanceof HttpError && [0, 502, 503, 504].includes(error.status)) throw new Offline(error.message);
      throw new Error(errorBody(error)?.message || (error instanceof Error ? error.message : 'Error'), {
        cause: error,
      });
    }
  };
  const get = <T>(path: string, signal?: AbortSignal) => run<T>(path, { method: 'GET', signal });
  const base = `/sessions/${sessionId}`;
  return {
    scope: `staff-${sessionId}`,
    door: null,
    checkIn: (request) => run(`${base}/check-ins`, post(request)),
    undo: (checkInId) => run(`/check-ins/${checkInId}/undo`, post()),
    offlineList: () => get(`${base}/check-ins/offline-list`),
    sync: (scans) => run(`${base}/check-ins/sync`, post({ scans })),
    search: (query, signal) => get(`${base}/attendance?pageSize=10&search=${encodeURIComponent(query)}`, signal),
  };
}

/** A door link's calls: plain fetch, the token in the path (GET /api/door/{token}…). */
async function doorFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/door/${path}`, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': 'es', 'Content-Type': 'application/json' },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Offline('Sin conexión');
  }
  if ([502, 503, 504].includes(response.status)) throw new Offline('Servidor no disponible');
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new DoorLinkError(response.status, body?.message ?? 'Error del servidor', body?.code);
  return body as T;
}

export class DoorLinkError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export function openDoorLink(token: string): Promise<DoorSession> {
  return doorFetch<DoorSession>(encodeURIComponent(token), { method: 'GET' });
}

export function linkDoorApi(token: string, session: DoorSession): DoorApi {
  const base = encodeURIComponent(token);
  return {
    scope: `link-${session.sessionId}`,
    door: session.label,
    checkIn: (request) => doorFetch(`${base}/check-ins`, post(request)),
    undo: (checkInId) => doorFetch(`${base}/check-ins/${checkInId}/undo`, post()),
    offlineList: () => doorFetch(`${base}/offline-list`, { method: 'GET' }),
    sync: (scans) => doorFetch(`${base}/check-ins/sync`, post({ scans })),
    search: (query, signal) =>
      doorFetch(`${base}/attendance?pageSize=10&search=${encodeURIComponent(query)}`, { method: 'GET', signal }),
  };
}

/** What a door keeps between page loads (localStorage, per session): the list it downloaded (names only, the
 * codes hashed) and the scans not yet sent. */
export const doorStore = {
  list(scope: string): OfflineList | null {
    return read(`checkin:${scope}:list`);
  },
  saveList(scope: string, list: OfflineList): void {
    localStorage.setItem(`checkin:${scope}:list`, JSON.stringify(list));
  },
  pending(scope: string): PendingScan[] {
    return read(`checkin:${scope}:pending`) ?? [];
  },
  savePending(scope: string, pending: PendingScan[]): void {
    if (pending.length) localStorage.setItem(`checkin:${scope}:pending`, JSON.stringify(pending));
    else localStorage.removeItem(`checkin:${scope}:pending`);
  },
};

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}
