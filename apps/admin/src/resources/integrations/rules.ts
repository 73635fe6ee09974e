import {
  API_TOKEN_NAME_MAX,
  describePermission,
  MESSAGES,
  PERMISSIONS,
  splitPermission,
  type ApiToken,
  type Permission,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryEventType,
  type WebhookDeliveryStatus,
} from '@evreg/contracts';
import { endOfDay, type TokenFormValues, type WebhookFormValues } from '../../providers/requests';

/** The API's limit of a webhook's URL. */
const WEBHOOK_URL_MAX = 2000;

/** The catalogue as the role picker's records, limited to what the signed-in user holds (a token never holds more
 * than its creator: docs/domain.md, "API tokens"). Built from the contracts, not read from `GET /api/permissions`
 * (that needs Roles.Read); the ids are local: the catalogue's position, from 1. */
export function pickablePermissions(held: readonly string[]): Permission[] {
  return PERMISSIONS.map((name, index) => ({
    id: index + 1,
    name,
    description: describePermission(name),
    ...splitPermission(name),
  })).filter((p) => held.includes(p.name));
}

/** The permissions of names (for the list's summary), as the picker's records. */
export const permissionsNamed = (names: readonly string[]): Permission[] =>
  pickablePermissions(PERMISSIONS).filter((p) => names.includes(p.name));

/** The form's rules, with the API's texts: a name, at least one permission, an expiry (optional) not past. */
export function tokenErrors(values: TokenFormValues, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = (values.name ?? '').trim();
  if (!name) errors.name = MESSAGES.apiToken.nameRequired;
  else if (name.length > API_TOKEN_NAME_MAX) errors.name = MESSAGES.apiToken.nameLength;
  if (!values.permissionIds?.length) errors.permissionIds = MESSAGES.apiToken.permissionsRequired;
  if (values.expiresOn) {
    const end = endOfDay(values.expiresOn);
    if (!end) errors.expiresOn = MESSAGES.apiToken.expiresAtInvalid;
    else if (end.getTime() <= now.getTime()) errors.expiresOn = MESSAGES.apiToken.expiresAtPast;
  }
  return errors;
}

/** A server refusal of the permissions lands on the picker's field. */
export function formErrors(errors: Record<string, unknown>): Record<string, unknown> {
  const { permissions, expiresAt, ...rest } = errors;
  return {
    ...rest,
    ...(permissions !== undefined && { permissionIds: permissions }),
    ...(expiresAt !== undefined && { expiresOn: expiresAt }),
  };
}

export const isExpired = (token: Pick<ApiToken, 'expiresAt'>, now = new Date()) =>
  token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime();

/** 'Ana García' or, without a name, the e-mail. */
export const creatorName = (token: Pick<ApiToken, 'createdByName' | 'createdByEmail'>) =>
  token.createdByName || token.createdByEmail;

// ── Webhooks (docs/domain.md, "Webhooks") ──

/** The event types in Spanish, for the form's checkboxes, the list and the deliveries (the test one too). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryEventType, string> = {
  'registration.created': 'Inscripción con plaza',
  'registration.queued': 'Inscripción en lista de espera',
  'registration.promoted': 'Plaza desde la lista de espera',
  'registration.cancelled': 'Inscripción anulada',
  'session.full': 'Sesión completa',
  'session.waitinglist.full': 'Lista de espera completa',
  'session.spots_available': 'Vuelve a haber plazas',
  'registration.checked_in': 'Entrada en la puerta',
  'registration.moved': 'Inscripción cambiada de sesión',
  'webhook.test': 'Prueba',
};

/** The form's checkboxes, in the catalogue's order. */
export const webhookEventChoices = WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, name: WEBHOOK_EVENT_LABELS[type] }));

export const eventLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as WebhookDeliveryEventType] ?? type;

const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  Pending: 'Pendiente',
  Delivered: 'Entregado',
  Failed: 'Fallido',
};
export const deliveryStatusLabel = (status: string) =>
  DELIVERY_STATUS_LABELS[status as WebhookDeliveryStatus] ?? status;

/** The shape the API takes as a webhook's URL: an absolute http:// or https:// address with a host. Whether its
 * host is an allowed destination the API decides (it depends on its WEBHOOK_ALLOWED_DESTINATIONS). */
export function isWebhookUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** The form's rules, with the API's texts: a valid URL, at least one event type. */
export function webhookErrors(values: WebhookFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = (values.url ?? '').trim();
  if (!url) errors.url = 'La URL es requerida';
  else if (url.length > WEBHOOK_URL_MAX) errors.url = WEBHOOK_MESSAGES.urlTooLong;
  else if (!isWebhookUrl(url)) errors.url = WEBHOOK_MESSAGES.urlInvalid;
  else if (new URL(url).username || new URL(url).password) errors.url = WEBHOOK_MESSAGES.urlCredentials;
  if (!values.events?.some((type) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)))
    errors.events = WEBHOOK_MESSAGES.eventsRequired;
  return errors;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The outcome of 'Probar' once tried: delivered, or the reason it failed (it is retried), or still on its way. */
export function testOutcome(delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'lastError'> | undefined): {
  type: 'success' | 'warning' | 'info';
  text: string;
} {
  if (delivery?.status === 'Delivered') return { type: 'success', text: 'Prueba entregada correctamente' };
  if (delivery && delivery.attempts > 0)
    return {
      type: 'warning',
      text:
        `La prueba no se entregó${delivery.lastError ? `: ${lowerFirst(delivery.lastError)}` : ''}. ` +
        (delivery.status === 'Failed' ? 'Consulta los envíos.' : 'Se reintentará; consulta los envíos.'),
    };
  return { type: 'info', text: WEBHOOK_MESSAGES.testQueued };
}

/** A random UUID (v4) for one click of 'Reenviar'. crypto.randomUUID exists only on HTTPS and loopback pages; an
 * intranet served over plain HTTP still has crypto.getRandomValues. */
export function clickKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
