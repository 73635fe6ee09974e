import type { EventTranslations } from './content-languages';
/** Event status codes (docs/product.md §3: Draft=0, Live=1, Cancelled=5). */
export const EVENT_STATUS = { Draft: 0, Live: 1, Cancelled: 5 } as const;
export type EventStatusCode = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];
export const EVENT_STATUS_TEXT: Record<EventStatusCode, 'Draft' | 'Live' | 'Cancelled'> = {
  0: 'Draft',
  1: 'Live',
  5: 'Cancelled',
};
/** The status as the booking page shows it (PublicEvent.statusText). */
export const EVENT_STATUS_LABEL: Record<EventStatusCode, string> = { 0: 'Borrador', 1: 'Publicado', 5: 'Cancelado' };

export const EVENT_DEFAULTS = { country: 'Spain', timeZone: 'Europe/Madrid' } as const;
/** `showExcerpt=true`: the description as plain text cut to about this many characters. */
export const DESCRIPTION_EXCERPT_LENGTH = 200;

/** Tags allowed in event descriptions (docs/product.md §2), and their only attributes. */
export const DESCRIPTION_ALLOWED_TAGS = [
  'p',
  'strong',
  'a',
  'ul',
  'ol',
  'li',
  'br',
  'em',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
] as const;
export const DESCRIPTION_ALLOWED_ATTRIBUTES = ['href', 'target', 'rel'] as const;

/** GET /api/events/{id}: what the public booking page shows. */
export interface PublicEvent {
  id: number;
  title: string;
  description: string;
  imageUrl: string | null;
  address: string;
  city: string;
  country: string;
  place: string;
  status: 'Draft' | 'Live' | 'Cancelled';
  statusText: string;
  price: number;
  timeZone: string;
  postalCode: string;
  /** The organiser, who is the data controller of the registrations (the privacy text points here). */
  organizerName: string;
  organizerEmail: string | null;
  organizerPhone: string | null;
  organizerWebsite: string | null;
}

/** The back office's event (docs/product.md §3, Event admin). */
/** An event of the public list (`GET /api/events?public=true`): the public view and its sessions still to
 * come, by start (docs/domain.md, "The public list of events"). */
export interface PublicEventListItem extends PublicEvent {
  sessions: Session[];
}

export interface AdminEvent {
  id: number;
  title: string;
  description: string;
  eventCategoryId: number | null;
  country: string;
  city: string;
  address: string;
  place: string;
  postalCode: string;
  status: EventStatusCode;
  statusText: 'Draft' | 'Live' | 'Cancelled';
  isPublic: boolean;
  price: number;
  organizerName: string;
  organizerEmail: string | null;
  organizerPhone: string | null;
  organizerWebsite: string | null;
  organizerId: number | null;
  timeZone: string;
  imageUrl: string | null;
  /** Title and description in other languages (Spanish is title/description); `{}` when none. */
  translations: EventTranslations;
  sessions?: Session[];
  totalCapacity?: number;
  totalMaxQueueSpots?: number;
}

/** POST /api/events and PUT /api/events/{id}. On PUT, id may be omitted (it can't change) and an omitted
 * optional field keeps its value. */
export interface EventPayload {
  id: number;
  title: string;
  description: string;
  eventCategoryId: number;
  country?: string;
  city: string;
  address?: string;
  place: string;
  postalCode: string;
  status?: EventStatusCode;
  isPublic?: boolean;
  price?: number;
  organizerName: string;
  /** The organiser's contact, shown on the booking page and in every e-mail (at least one is recommended). */
  organizerEmail?: string | null;
  organizerPhone?: string | null;
  organizerWebsite?: string | null;
  organizerId?: number | null;
  timeZone?: string;
  imageUrl?: string | null;
  /** Title and description per language (ca, eu, gl, en); omitted on PUT keeps them, `{}` clears them. */
  translations?: EventTranslations;
}

/** Limits of the organiser's contact fields (characters). */
export const ORGANIZER_LIMITS = { name: 200, email: 254, phone: 30, website: 500 } as const;

export interface EventCategory {
  id: number;
  name: string;
}

/** A session with its live counts (docs/product.md §3, Session). */
export interface Session {
  id: number;
  eventId: number;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  isAllDay: boolean;
  maxAttendees: number;
  reservedSpots: number;
  usedReservedSpots: number;
  maxQueueSpots: number;
  registeredCount: number;
  availableSpots: number;
  activeHoldsCount: number;
  currentQueueCount: number;
  isPromotionLocked: boolean;
  isRegistrationOpen: boolean;
  /** The session's start and end as instants (ISO 8601, UTC), from its local date and time in the event's zone. */
  startsAt: string;
  endsAt: string;
  /** Already started (or ended) when the server answered: no hold nor registration is possible any more. */
  hasStarted: boolean;
  event?: PublicEvent;
}

export interface SessionPayload {
  /** The spec's Session shape carries it: accepted when it is the path's event, refused otherwise. */
  eventId?: number;
  startDate: string;
  endDate: string;
  startTime?: string;
  endTime?: string;
  isAllDay?: boolean;
  maxAttendees: number;
  reservedSpots?: number;
  maxQueueSpots?: number;
  isRegistrationOpen?: boolean;
  isPromotionLocked?: boolean;
}

export interface ToggleRegistrationRequest {
  isOpen: boolean;
}

/** An all-day session is stored from 00:00:00 to 23:59:00 (docs/product.md §5). */
export const ALL_DAY_TIMES = { startTime: '00:00:00', endTime: '23:59:00' } as const;

/** docs/product.md §3: session capacity summary. */
export interface SessionCapacitySummary {
  reservedSpots: number;
  usedReservedSpots: number;
  maxQueueSpots: number;
  currentQueueCount: number;
  registeredCount: number;
  maxAttendees: number;
}
