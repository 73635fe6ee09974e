/** Signed webhooks (issue 14, item 3): staff-configured URLs told of booking events (docs/domain.md, "Webhooks"). */

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'registration.created',
  'registration.queued',
  'registration.promoted',
  'registration.cancelled',
  'registration.checked_in',
  'registration.moved',
  'session.full',
  'session.waitinglist.full',
  'session.spots_available',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What `POST /api/webhooks/{id}/test` sends; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export type WebhookDeliveryStatus = 'Pending' | 'Delivered' | 'Failed';

/** GET /api/webhooks, GET/PUT /api/webhooks/{id}: never the secret. */
export interface Webhook {
  id: number;
  url: string;
  events: WebhookEventType[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/webhooks answers the secret once; it is never shown again. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

/** POST /api/webhooks, PUT /api/webhooks/{id} (PUT: `isActive` omitted keeps it). */
export interface WebhookRequest {
  url: string;
  events: WebhookEventType[];
  isActive?: boolean;
}

export interface WebhookDelivery {
  id: number;
  /** The event's id: the X-Webhook-Id header and the body's `id`, the same on every try. */
  eventId: string;
  eventType: WebhookDeliveryEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** HTTP status of the last try; null when none was answered (timeout, refused connection) or not tried yet. */
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** When a pending delivery is tried next; null once delivered or failed. */
  nextAttemptAt: string | null;
  /** The last redelivery asked for (POST .../redeliver), which started the retries again; null if never. */
  redeliveredAt: string | null;
  /** Every try, oldest first, kept after delivery until the delivery is removed (retention). */
  history: WebhookDeliveryAttempt[];
}

/** One try of a delivery: when, the HTTP status answered (null: none) and our Spanish reason when it failed. */
export interface WebhookDeliveryAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookDeliveryPage {
  data: WebhookDelivery[];
  totalCount: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  page: number;
  pageSize: number;
}

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook no encontrado',
  urlInvalid: 'La URL debe ser una dirección http:// o https:// válida',
  urlTooLong: 'La URL no puede superar los 2000 caracteres',
  urlCredentials: 'Destino no permitido: la URL no puede llevar usuario ni contraseña (usuario:clave@)',
  eventsRequired: 'Indique al menos un tipo de evento',
  eventsUnknown: `Tipos de evento permitidos: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  isActiveInvalid: 'isActive debe ser true o false',
  pageInvalid: 'La página debe ser un número entero mayor que 0',
  pageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 100',
  deleted: 'Webhook eliminado',
  testQueued: 'Entrega de prueba registrada: se envía en unos segundos (véase el registro de entregas)',
  deliveryNotFound: 'Envío no encontrado',
  deliveryInFlight: 'El envío se está enviando ahora mismo: inténtalo de nuevo en unos segundos',
  requestKeyInvalid: 'requestKey debe ser un UUID',
} as const;

/** POST /webhooks/{id}/deliveries/{deliveryId}/redeliver. `requestKey`: one UUID per click of 'Reenviar'; the same
 * key again (a double click, a retried request) answers the delivery as it is and sends nothing more. */
export interface RedeliverWebhookRequest {
  requestKey?: string;
}
