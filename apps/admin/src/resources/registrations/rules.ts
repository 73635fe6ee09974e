import { MESSAGES } from '@evreg/contracts';
import { HttpError } from 'react-admin';
import { formatDay } from '../../common/sessionChoice';

/** docs/product.md §3/4: status may arrive as a number (0 active, 1 cancelled) or as text ('Active' / 'Cancelled'). */
export function isActive(status: unknown): boolean {
  if (typeof status === 'number') return status === 0;
  const text = String(status ?? '')
    .trim()
    .toLowerCase();
  return text === '0' || text === 'active' || text === 'activo' || text === 'activa';
}

export const statusLabel = (status: unknown) => (isActive(status) ? 'Activo' : 'Cancelado');

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
