import { EVENT_DEFAULTS, EVENT_STATUS, MESSAGES, type AdminEvent } from '@evreg/contracts';
import { formText, parsePrice, type EventFormValues } from '../../providers/requests';

const M = MESSAGES.events;

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

/** docs/product.md §5: the id comes from the external content system, an integer above 0. */
export function eventIdError(value: unknown): string | undefined {
  const typed = formText(value);
  if (typed === '') return M.idRequired;
  return /^\d+$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 2_147_483_647 ? undefined : M.idInvalid;
}

/** docs/product.md §5: price numeric, at least 0, in steps of 0.01 (euros and cents), typed with the decimal
 * comma (parsePrice). Empty means free. */
export function priceError(value: unknown): string | undefined {
  return parsePrice(value) === null ? M.priceInvalid : undefined;
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
