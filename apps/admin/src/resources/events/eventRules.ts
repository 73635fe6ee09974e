import {
  EVENT_DEFAULTS,
  EVENT_STATUS,
  MESSAGES,
  type AdminEvent,
  type EventPayload,
  type EventStatusCode,
} from '@evreg/contracts';

const M = MESSAGES.events;

/** The event form as the dialog holds it: numbers as typed text until sent. */
export interface EventFormValues {
  id: string;
  title: string;
  description: string;
  eventCategoryId: number | '';
  country: string;
  city: string;
  address: string;
  place: string;
  postalCode: string;
  status: EventStatusCode;
  isPublic: boolean;
  price: string;
  organizerName: string;
  organizerEmail: string;
  organizerPhone: string;
  organizerWebsite: string;
  timeZone: string;
  imageUrl: string;
}

/** A new event (docs/product.md §3 and §9): country Spain, time zone Europe/Madrid, draft, public, free. */
export const NEW_EVENT: EventFormValues = {
  id: '',
  title: '',
  description: '',
  eventCategoryId: '',
  country: EVENT_DEFAULTS.country,
  city: '',
  address: '',
  place: '',
  postalCode: '',
  status: EVENT_STATUS.Draft,
  isPublic: true,
  price: '0',
  organizerName: '',
  organizerEmail: '',
  organizerPhone: '',
  organizerWebsite: '',
  timeZone: EVENT_DEFAULTS.timeZone,
  imageUrl: '',
};

export const STATUS_CHOICES = [
  { id: EVENT_STATUS.Draft, name: 'Borrador' },
  { id: EVENT_STATUS.Live, name: 'Publicado' },
  { id: EVENT_STATUS.Cancelled, name: 'Cancelado' },
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

/** docs/product.md §5: the id comes from the external content system, an integer above 0. */
export function eventIdError(value: unknown): string | undefined {
  const typed = text(value);
  if (typed === '') return M.idRequired;
  return /^\d+$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 2_147_483_647 ? undefined : M.idInvalid;
}

/** A price as staff type it in Spain (es-ES): the comma is the decimal mark and dots group thousands
 * ('7,5', '1.234,50'); a dot alone before one or two digits is read as a decimal mark too ('12.5'). Anything else,
 * '1.234' included (thousands or three decimals?), is not a price: null. Empty is free. */
export function parsePrice(value: unknown): number | null {
  const typed = text(value).replace(/\s|€/g, '');
  if (typed === '') return 0;
  let plain: string;
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(typed)) plain = typed.replace(/\./g, '').replace(',', '.');
  else if (/^\d+(,\d{1,2})?$/.test(typed)) plain = typed.replace(',', '.');
  else if (/^\d+(\.\d{1,2})?$/.test(typed)) plain = typed;
  else return null;
  return Number(plain);
}

/** docs/product.md §5: price numeric, at least 0, in steps of 0.01 (euros and cents). Empty means free. */
export function priceError(value: unknown): string | undefined {
  return parsePrice(value) === null ? M.priceInvalid : undefined;
}

/** The body of POST /events (with the id) and PUT /events/{id} (without it: it can't change). Place, postal
 * code, organizer and category go as typed: only the server checks them and answers per field. organizerId is
 * not sent (docs/product.md §3: a fixed value; the API keeps it null on create and unchanged on edit). */
export function eventPayload(values: EventFormValues, mode: 'create' | 'edit'): Partial<EventPayload> {
  const cleared = mode === 'edit' ? null : undefined;
  const body = {
    title: text(values.title),
    description: text(values.description),
    eventCategoryId: values.eventCategoryId === '' ? undefined : Number(values.eventCategoryId),
    country: text(values.country) || EVENT_DEFAULTS.country,
    city: text(values.city),
    address: text(values.address),
    place: text(values.place),
    postalCode: text(values.postalCode),
    status: values.status,
    isPublic: !!values.isPublic,
    price: parsePrice(values.price) ?? 0,
    organizerName: text(values.organizerName),
    // Empty clears these (null) on edit; on create they are simply absent.
    organizerEmail: text(values.organizerEmail) || cleared,
    organizerPhone: text(values.organizerPhone) || cleared,
    organizerWebsite: text(values.organizerWebsite) || cleared,
    timeZone: text(values.timeZone) || EVENT_DEFAULTS.timeZone,
    imageUrl: text(values.imageUrl) || cleared,
  };
  return mode === 'create' ? { id: Number(text(values.id)), ...body } : body;
}

/** The dialog's values for an existing event. */
export function eventFormValues(event: AdminEvent): EventFormValues {
  return {
    id: String(event.id),
    title: event.title,
    description: event.description,
    eventCategoryId: event.eventCategoryId ?? '',
    country: event.country,
    city: event.city,
    address: event.address,
    place: event.place,
    postalCode: event.postalCode,
    status: event.status,
    isPublic: event.isPublic,
    // Shown with the decimal comma staff type (12,5).
    price: String(event.price).replace('.', ','),
    organizerName: event.organizerName,
    organizerEmail: event.organizerEmail ?? '',
    organizerPhone: event.organizerPhone ?? '',
    organizerWebsite: event.organizerWebsite ?? '',
    timeZone: event.timeZone,
    imageUrl: event.imageUrl ?? '',
  };
}
