import {
  BLACKLIST_DEFAULT_EXPIRY_DAYS,
  BLACKLIST_DESCRIPTION_MAX,
  BLACKLIST_NOTIFICATION,
  BLACKLIST_REASONS,
  BLACKLIST_TIME_ZONE,
  MESSAGES,
  type BlacklistEntry,
  type BlacklistNotificationType,
  type BlacklistReason,
} from '@evreg/contracts';
import { formatDay, shortTime } from '../../common/sessionChoice';

const M = MESSAGES.blacklist;

/** 'YYYY-MM-DD' of a date in the browser's calendar. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** The calendar day an expiry instant falls on in Madrid, where a date-only expiry means the end of that day. */
export function madridDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BLACKLIST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The 'Bloquear Persona Registrada' dialog: event → session → registered person, then the entry's details. */
export interface BlockForm {
  eventId: number | null;
  sessionId: number | null;
  registrationId: number | null;
  /** The chosen registration's e-mail (the entry blocks it). */
  email: string | null;
  blackListReason: BlacklistReason;
  notificationType: BlacklistNotificationType;
  description: string;
  /** 'YYYY-MM-DD'. */
  expiresAt: string;
}

/** docs/product.md §4: on every opening, expiry 30 days ahead, reason 0 (No Show), notification 1 (Email). */
export function newBlockForm(today: Date): BlockForm {
  return {
    eventId: null,
    sessionId: null,
    registrationId: null,
    email: null,
    blackListReason: 0,
    notificationType: BLACKLIST_NOTIFICATION.Email,
    description: '',
    expiresAt: localDay(addDays(today, BLACKLIST_DEFAULT_EXPIRY_DAYS)),
  };
}

export type BlockField = 'event' | 'session' | 'person' | 'expiresAt' | 'description';

/** docs/product.md §5: an expiry is required, a real day, not before today; an unchanged one (editing) is accepted. */
export function expiryError(day: string, today: string, unchanged?: string): string | undefined {
  if (!day.trim()) return M.expiresAtRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(new Date(`${day}T00:00:00`).getTime()))
    return M.expiresAtInvalid;
  if (day < today && day !== unchanged) return M.expiresAtBeforeToday;
  return undefined;
}

export function descriptionError(text: string): string | undefined {
  return text.length > BLACKLIST_DESCRIPTION_MAX ? M.descriptionMax : undefined;
}

/** docs/product.md §5, blacklist dialog: every message it can show; the submit button stays disabled while any is present. */
export function blockErrors(form: BlockForm, today: string): Partial<Record<BlockField, string>> {
  const errors: Partial<Record<BlockField, string>> = {};
  if (form.eventId === null) errors.event = M.eventRequired;
  if (form.sessionId === null) errors.session = M.sessionRequired;
  if (form.registrationId === null) errors.person = M.registrationRequired;
  else if (!form.email?.trim()) errors.person = M.emailRequired;
  const expiry = expiryError(form.expiresAt, today);
  if (expiry) errors.expiresAt = expiry;
  const description = descriptionError(form.description);
  if (description) errors.description = description;
  return errors;
}

/** Changing the event clears the session and the person; changing the session clears the person (docs/product.md §4). */
export function withEvent(form: BlockForm, eventId: number | null): BlockForm {
  return { ...form, eventId, sessionId: null, registrationId: null, email: null };
}

export function withSession(form: BlockForm, sessionId: number | null): BlockForm {
  return { ...form, sessionId, registrationId: null, email: null };
}

/** What an edit sends for the expiry: the entry's own instant when the day shown did not change (an expired
 * entry can be corrected without being revived), else the new day. */
export function expiryToSend(day: string, original: string): string {
  return day === madridDay(original) ? original : day;
}

/** Activo until the expiry passes, then Expirado (docs/product.md §4). */
export function entryState(entry: Pick<BlacklistEntry, 'isActive' | 'expiresAt'>, now: Date): 'Activo' | 'Expirado' {
  return entry.isActive && new Date(entry.expiresAt).getTime() > now.getTime() ? 'Activo' : 'Expirado';
}

/** The reasons (0, 1, 2) in Spanish: the spec's 'No Show' is said 'No se presentó' on screen, as the back
 * office says every English text of the spec in Spanish. */
export const REASONS: readonly { value: BlacklistReason; label: string }[] = BLACKLIST_REASONS.map((r) => ({
  value: r.value,
  label: r.value === 0 ? 'No se presentó' : r.label,
}));

export function reasonLabel(reason: number): string {
  return REASONS.find((r) => r.value === reason)?.label ?? 'Otro';
}

export const NOTIFICATION_LABELS: Record<BlacklistNotificationType, string> = { 0: 'SMS', 1: 'Email' };

/** 'Fecha del Evento': the session's day and times, or a dash once the session was deleted. */
export function eventDateText(entry: Pick<BlacklistEntry, 'startDate' | 'startTime' | 'endTime' | 'isAllDay'>): string {
  if (!entry.startDate) return '—';
  if (entry.isAllDay || !entry.startTime) return `${formatDay(entry.startDate)} (todo el día)`;
  return `${formatDay(entry.startDate)} ${shortTime(entry.startTime)} - ${shortTime(entry.endTime)}`;
}
