import {
  EVENT_DEFAULTS,
  PERMISSIONS,
  WEBHOOK_EVENT_TYPES,
  type CreateApiTokenRequest,
  type EmailTemplateRequest,
  type EmailTemplateType,
  type VisitorLanguage,
  type EventPayload,
  type EventStatusCode,
  type PermissionName,
  type WebhookRequest,
} from '@evreg/contracts';

/** The bodies the data provider sends, built from the values the screens' forms hold. They live in the data
 * layer so that it imports no screen; the screens import the form types (and their own rules) from here. */

/** A form's text as sent: trimmed, and '' for nothing. */
export const formText = (value: unknown) =>
  typeof value === 'string' ? value.trim() : value == null ? '' : String(value);

// Events

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

/** A price as staff type it in Spain (es-ES): the comma is the decimal mark and dots group thousands
 * ('7,5', '1.234,50'); a dot alone before one or two digits is read as a decimal mark too ('12.5'). Anything else,
 * '1.234' included (thousands or three decimals?), is not a price: null. Empty is free. */
export function parsePrice(value: unknown): number | null {
  const typed = formText(value).replace(/\s|€/g, '');
  if (typed === '') return 0;
  let plain: string;
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(typed)) plain = typed.replace(/\./g, '').replace(',', '.');
  else if (/^\d+(,\d{1,2})?$/.test(typed)) plain = typed.replace(',', '.');
  else if (/^\d+(\.\d{1,2})?$/.test(typed)) plain = typed;
  else return null;
  return Number(plain);
}

/** The body of POST /events (with the id) and PUT /events/{id} (without it: it can't change). Place, postal
 * code, organizer and category go as typed: only the server checks them and answers per field. organizerId is
 * not sent (docs/product.md §3: a fixed value; the API keeps it null on create and unchanged on edit). */
export function eventPayload(values: EventFormValues, mode: 'create' | 'edit'): Partial<EventPayload> {
  const cleared = mode === 'edit' ? null : undefined;
  const body = {
    title: formText(values.title),
    description: formText(values.description),
    eventCategoryId: values.eventCategoryId === '' ? undefined : Number(values.eventCategoryId),
    country: formText(values.country) || EVENT_DEFAULTS.country,
    city: formText(values.city),
    address: formText(values.address),
    place: formText(values.place),
    postalCode: formText(values.postalCode),
    status: values.status,
    isPublic: !!values.isPublic,
    price: parsePrice(values.price) ?? 0,
    organizerName: formText(values.organizerName),
    // Empty clears these (null) on edit; on create they are simply absent.
    organizerEmail: formText(values.organizerEmail) || cleared,
    organizerPhone: formText(values.organizerPhone) || cleared,
    organizerWebsite: formText(values.organizerWebsite) || cleared,
    timeZone: formText(values.timeZone) || EVENT_DEFAULTS.timeZone,
    imageUrl: formText(values.imageUrl) || cleared,
  };
  return mode === 'create' ? { id: Number(formText(values.id)), ...body } : body;
}

// E-mail templates

/** The template form's values (create and edit share it). */
export interface TemplateForm {
  name: string;
  subject: string;
  htmlContent: string;
  plainTextContent: string;
  templateType: EmailTemplateType | '' | null;
  /** The language of the texts (es by default); fixed once saved. */
  language?: VisitorLanguage;
  isActive: boolean;
}

/** The POST/PUT body: trimmed name and subject, the HTML as written, an empty text part as null (the server
 * derives it from the HTML). */
export function templateRequest(form: Partial<TemplateForm>): EmailTemplateRequest {
  const text = form.plainTextContent ?? '';
  return {
    name: (form.name ?? '').trim(),
    subject: (form.subject ?? '').trim(),
    htmlContent: form.htmlContent ?? '',
    plainTextContent: text.trim() === '' ? null : text,
    templateType: form.templateType as EmailTemplateType,
    language: form.language ?? 'es',
    isActive: form.isActive === true,
  };
}

// Integrations: API tokens and webhooks

/** The values of the new-token form: the role picker's field (`permissionIds`) and a date (`AAAA-MM-DD`). */
export interface TokenFormValues {
  name?: string;
  permissionIds?: number[];
  expiresOn?: string;
}

/** The end of a day in the browser's time zone ('2026-12-31' → 23:59:59.999 that day), as the API's instant. */
export function endOfDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  return end.getMonth() === month - 1 && end.getDate() === day ? end : null;
}

/** What `POST /api/api-tokens` takes from the form. */
export function tokenRequest(values: TokenFormValues): CreateApiTokenRequest {
  const ids = new Set(values.permissionIds ?? []);
  return {
    name: (values.name ?? '').trim(),
    permissions: PERMISSIONS.filter((_name, index) => ids.has(index + 1)) as PermissionName[],
    expiresAt: values.expiresOn ? (endOfDay(values.expiresOn)?.toISOString() ?? null) : null,
  };
}

/** The values of the webhook form. */
export interface WebhookFormValues {
  url?: string;
  events?: string[];
  isActive?: boolean;
}

/** What `POST /api/webhooks` and `PUT /api/webhooks/{id}` take from the form (events in the catalogue's order). */
export function webhookRequest(values: WebhookFormValues): WebhookRequest {
  return {
    url: (values.url ?? '').trim(),
    events: WEBHOOK_EVENT_TYPES.filter((type) => values.events?.includes(type)),
    isActive: values.isActive !== false,
  };
}
