import {
  MESSAGES,
  REGISTRATION_LIST_STATES,
  REGISTRATION_SORTS,
  type RegistrationListFilter,
  type RegistrationListState,
} from '@evreg/contracts';
import { HttpError, type SortPayload } from 'react-admin';
import { formatDay } from '../../common/sessionChoice';

/** docs/product.md §3/4: status may arrive as a number (0 active, 1 cancelled) or as text ('Active' / 'Cancelled'). */
export function isActive(status: unknown): boolean {
  if (typeof status === 'number') return status === 0;
  const text = String(status ?? '')
    .trim()
    .toLowerCase();
  return text === '0' || text === 'active' || text === 'activo' || text === 'activa';
}

/** A waiting-list entry, as the staff search shows it (status 2, 'Waiting'). */
export function isWaiting(status: unknown): boolean {
  const text = String(status ?? '')
    .trim()
    .toLowerCase();
  return text === '2' || text === 'waiting';
}

export const statusLabel = (status: unknown) =>
  isActive(status) ? 'Activo' : isWaiting(status) ? 'En espera' : 'Cancelado';

/** The state filter's choices, in the API's words (docs/domain.md, "Registros: finding and slicing people"). */
export const STATE_CHOICES: { id: RegistrationListState; name: string }[] = [
  { id: 'active', name: 'Activa' },
  { id: 'waiting', name: 'En espera' },
  { id: 'cancelled', name: 'Cancelada' },
];

/** The filters the server understands, from react-admin's filter values: empty values left out, the session only
 * with its event (a session picked for another event is not sent). */
export function listFilter(values: Record<string, unknown>, sort?: SortPayload): RegistrationListFilter {
  const filter: RegistrationListFilter = {};
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const id = (v: unknown) => (v === '' || v == null || Number.isNaN(Number(v)) ? undefined : Number(v));
  if (text(values.q)) filter.search = text(values.q);
  const eventId = id(values.eventId);
  if (eventId !== undefined) filter.eventId = eventId;
  const sessionId = id(values.sessionId);
  if (sessionId !== undefined) filter.sessionId = sessionId;
  if ((REGISTRATION_LIST_STATES as readonly unknown[]).includes(values.state))
    filter.state = values.state as RegistrationListState;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text(values.registeredFrom))) filter.registeredFrom = text(values.registeredFrom);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text(values.registeredTo))) filter.registeredTo = text(values.registeredTo);
  if (sort?.field && (REGISTRATION_SORTS as readonly string[]).includes(sort.field)) {
    filter.sort = sort.field as RegistrationListFilter['sort'];
    filter.order = sort.order === 'DESC' ? 'desc' : 'asc';
  }
  return filter;
}

/** The query string of the staff search (a page of it, or with no page for the Excel export). */
export function listQuery(filter: RegistrationListFilter, page?: { page: number; perPage: number }): string {
  const query = new URLSearchParams();
  if (page) {
    query.set('page', String(page.page));
    query.set('pageSize', String(page.perPage));
  }
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
  return String(query);
}

/** An e-mail address cut into the pieces a line may break between: before the '@' and before each '.' of the
 * domain, never inside a word ('ana.garcia@correo.example.com' → ['ana.garcia', '@correo', '.example', '.com']). */
export function emailBreaks(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at <= 0) return [email];
  const [first, ...rest] = email.slice(at + 1).split('.');
  return [email.slice(0, at), `@${first}`, ...rest.map((part) => `.${part}`)];
}

/** usesReservedSpot: made by staff on a reserved spot (Admin, Reservado) or by the public online (Público, Online). */
export function origin(usesReservedSpot: boolean): { who: 'Admin' | 'Público'; spot: 'Reservado' | 'Online' } {
  return usesReservedSpot ? { who: 'Admin', spot: 'Reservado' } : { who: 'Público', spot: 'Online' };
}

/** The API's '2026-12-01 10:00-11:30' (or just the date for an all-day session) in Spanish: '01/12/2026 10:00-11:30'. */
export function formatSessionInfo(info: string | null | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2})(.*)$/.exec(info ?? '');
  if (!match) return info ?? '';
  return `${formatDay(match[1])}${match[2].trim() ? ` ${match[2].trim()}` : ' (todo el día)'}`;
}

/** docs/product.md §5, registration edit: names, e-mail (pattern) and national ID required; phone optional. */
export const EDIT_MESSAGES = {
  firstName: MESSAGES.user.firstNameRequired,
  lastName: MESSAGES.booking.lastNameRequired,
  emailRequired: MESSAGES.user.emailRequired,
  emailInvalid: MESSAGES.user.emailInvalid,
  userTaxId: MESSAGES.booking.taxIdRequired,
} as const;

/** The fields of the edit dialog, as the server names them in its errors. */
const EDIT_FIELDS = ['firstName', 'lastName', 'email', 'userTaxId', 'telephoneNumber'];

/** The server's refusal names a field of the edit dialog (a DNI/NIE not valid, an e-mail already in the session):
 * its text goes under that field, not in a banner (issue 23 §5). */
export function namesEditField(error: unknown): boolean {
  const fields = error instanceof HttpError ? (error.body?.errors as Record<string, unknown> | undefined) : undefined;
  return Object.keys(fields ?? {}).some((field) => EDIT_FIELDS.includes(field));
}

/** docs/product.md §8: 'joined server errors', else the server's message, else the screen's text. The data provider
 * shapes field errors as { field: text, root: { serverError } }. */
export function serverErrorsText(error: unknown, fallback: string): string {
  const fields = error instanceof HttpError ? (error.body?.errors as Record<string, unknown> | undefined) : undefined;
  const texts = Object.entries(fields ?? {})
    .filter(([field, text]) => field !== 'root' && typeof text === 'string' && text.trim() !== '')
    .map(([, text]) => (text as string).trim());
  if (texts.length) return [...new Set(texts)].join(', ');
  const message = error instanceof Error ? error.message : '';
  return message || fallback;
}
