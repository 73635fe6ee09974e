import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookDeliveryEventType } from '@evreg/contracts';

/** The webhook bodies as named schemas, one per event type (docs/webhooks.md), for the OpenAPI documents: components,
 * and the document's `webhooks` (OpenAPI 3.1) or `x-webhooks` (3.0, as Redoc and Redocly read it) naming, per event
 * type, the POST a receiver gets. Written once here in OpenAPI 3.0's dialect (`nullable`); a 3.1 document gets them as
 * JSON Schema (`type: [..., 'null']`). `webhooks.int-spec.ts` validates real deliveries against them. */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const integer = (description: string, extra: Schema = {}): Schema => ({ type: 'integer', description, ...extra });
const counter = (description: string): Schema => integer(description, { minimum: 0 });
const instant = (description: string): Schema => ({ type: 'string', format: 'date-time', description });

/** The schema's name for an event type: `registration.checked_in` → `WebhookRegistrationCheckedInPayload`. */
export function webhookPayloadSchemaName(type: WebhookDeliveryEventType): string {
  const words = type.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return `Webhook${words.join('')}Payload`;
}

const WHEN: Record<WebhookDeliveryEventType, string> = {
  'registration.created': 'Una inscripción (pública o del personal) obtuvo plaza, online o reservada.',
  'registration.queued': 'Una inscripción (pública o del personal) pasó a la lista de espera (`queuePosition`).',
  'registration.promoted':
    'Una entrada de la lista de espera obtuvo plaza: promoción automática (anulación, eliminación, reserva liberada o caducada, cambio de aforo, desbloqueo) o del personal.',
  'registration.cancelled':
    'Anulada por su enlace o por el personal, o eliminada por el personal estando activa o en espera (un borrado RGPD no avisa).',
  'registration.checked_in': 'Entrada registrada en la puerta (escaneo válido).',
  'registration.moved':
    'El personal movió la inscripción (con plaza o en espera) a otra sesión del mismo evento: `session` es la nueva, `fromSession` la que deja.',
  'session.full': 'Una inscripción ocupó la última plaza online (inscritos online = maxAttendees − reservedSpots).',
  'session.waitinglist.full': 'Una inscripción ocupó el último puesto de la lista de espera.',
  'session.spots_available':
    'Una sesión completa (inscritos online = plazas online) vuelve a tener plazas online libres al confirmarse un cambio: anulación o eliminación cuya plaza no ocupa la lista de espera, aumento de aforo. Una vez por transición.',
  'webhook.test': "Envío de prueba ('Probar', POST /api/webhooks/{id}/test); no se suscribe.",
};

const REGISTRATION_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('registration.'));
const SESSION_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('session.'));

/** The shared parts, then one envelope per event type. */
function schemas30(): Record<string, Schema> {
  const shared: Record<string, Schema> = {
    WebhookEventRef: {
      type: 'object',
      description: 'El evento de la sesión.',
      required: ['id', 'title'],
      properties: { id: integer('Id del evento'), title: { type: 'string' } },
    },
    WebhookSession: {
      type: 'object',
      description:
        'La sesión con su aforo y sus contadores tal como los deja el cambio que se avisa (leídos en su misma transacción). Los contadores de una sesión se toman del aviso con el `sequence` de sesión más alto.',
      required: [
        'id',
        'sequence',
        'startsAt',
        'endsAt',
        'maxAttendees',
        'reservedSpots',
        'maxQueueSpots',
        'onlineRegistered',
        'reservedRegistered',
        'registeredCount',
        'queueCount',
        'availableSpots',
      ],
      properties: {
        id: integer('Id de la sesión'),
        sequence: integer(
          'Versión de los contadores y el aforo de la sesión: sube con cada cambio, en el orden en que se confirman; el mismo número lleva siempre los mismos contadores',
        ),
        startsAt: instant('Inicio (UTC)'),
        endsAt: instant('Fin (UTC)'),
        maxAttendees: counter('Aforo total'),
        reservedSpots: counter('Plazas reservadas al personal (aforo online = maxAttendees − reservedSpots)'),
        maxQueueSpots: counter('Puestos de la lista de espera'),
        onlineRegistered: counter('Inscritos con plaza online'),
        reservedRegistered: counter('Inscritos con plaza reservada'),
        registeredCount: counter('Inscritos con plaza (online + reservadas)'),
        queueCount: counter('Personas en la lista de espera'),
        availableSpots: counter(
          'Plazas online libres: aforo online menos inscritos online y plazas retenidas en reservas en curso; nunca negativo',
        ),
      },
    },
    WebhookRegistration: {
      type: 'object',
      description:
        'La inscripción tras el cambio. Nunca el documento de identidad ni el teléfono. Ordene los avisos de una inscripción por `sequence`.',
      required: ['id', 'firstName', 'lastName', 'email', 'queuePosition', 'state', 'sequence', 'updatedAt'],
      properties: {
        id: integer('Id de la inscripción'),
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        email: { type: 'string', format: 'email' },
        queuePosition: integer('Puesto en la lista de espera (1..n); null con plaza o anulada', {
          nullable: true,
          minimum: 1,
        }),
        state: {
          type: 'string',
          enum: ['active', 'waiting', 'cancelled'],
          description: 'Estado tras el cambio: con plaza, en lista de espera o anulada',
        },
        sequence: integer(
          'Versión de la inscripción: crece en cada cambio avisado (1 al crearse), estrictamente por inscripción. El aviso con la mayor es el estado vigente.',
          { minimum: 1 },
        ),
        updatedAt: instant('Momento del cambio (UTC, milisegundos); informativo: el orden lo da `sequence`'),
      },
    },
    WebhookRegistrationData: {
      type: 'object',
      required: ['registration', 'event', 'session'],
      properties: {
        registration: ref('WebhookRegistration'),
        event: ref('WebhookEventRef'),
        session: ref('WebhookSession'),
      },
    },
    WebhookRegistrationMovedData: {
      type: 'object',
      description:
        '`session` es la sesión a la que se mueve la inscripción; `fromSession`, la que deja, tal como la deja el movimiento (sus plazas devueltas y su lista de espera promovida).',
      required: ['registration', 'event', 'session', 'fromSession'],
      properties: {
        registration: ref('WebhookRegistration'),
        event: ref('WebhookEventRef'),
        session: ref('WebhookSession'),
        fromSession: ref('WebhookSession'),
      },
    },
    WebhookSessionData: {
      type: 'object',
      required: ['event', 'session'],
      properties: { event: ref('WebhookEventRef'), session: ref('WebhookSession') },
    },
    WebhookTestData: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', example: 'Envío de prueba del webhook' } },
    },
  };
  const envelope = (type: WebhookDeliveryEventType, data: string): Schema => ({
    type: 'object',
    description: WHEN[type],
    required: ['id', 'type', 'createdAt', 'data'],
    properties: {
      id: {
        type: 'string',
        format: 'uuid',
        description:
          'Id del evento: el mismo en cada intento y para cada webhook (cabeceras webhook-id y X-Webhook-Id)',
      },
      type: { type: 'string', enum: [type] },
      createdAt: instant('Momento en que se registró el evento (UTC)'),
      data: ref(data),
    },
  });
  const payloads: Record<string, Schema> = {};
  for (const type of REGISTRATION_EVENTS)
    payloads[webhookPayloadSchemaName(type)] = envelope(
      type,
      type === 'registration.moved' ? 'WebhookRegistrationMovedData' : 'WebhookRegistrationData',
    );
  for (const type of SESSION_EVENTS) payloads[webhookPayloadSchemaName(type)] = envelope(type, 'WebhookSessionData');
  payloads[webhookPayloadSchemaName(WEBHOOK_TEST_EVENT)] = envelope(WEBHOOK_TEST_EVENT, 'WebhookTestData');
  return { ...shared, ...payloads };
}

/** OpenAPI 3.0's `nullable` as JSON Schema (OpenAPI 3.1): `type: [type, 'null']`. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Schema;
  const out: Schema = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toJsonSchema(v)]));
  if (nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/** The headers every delivery carries, as a webhook operation's parameters. */
const HEADERS = [
  ['webhook-id', 'Standard Webhooks: id del evento (el del cuerpo)'],
  ['webhook-timestamp', 'Standard Webhooks: hora Unix del intento, en segundos'],
  ['webhook-signature', 'Standard Webhooks: `v1,<base64 de HMAC-SHA256 de "id.timestamp.cuerpo">`'],
  ['X-Webhook-Id', 'Id del evento (cabecera anterior, se mantiene)'],
  ['X-Webhook-Signature', '`sha256=<hex de HMAC-SHA256 del cuerpo>` (cabecera anterior, se mantiene)'],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

/** The tag of the webhook POSTs a receiver gets (declared at the top of the document by lintReady). */
export const WEBHOOKS_TAG = 'Avisos (webhooks)';

function webhookOperation(type: WebhookDeliveryEventType): Schema {
  return {
    post: {
      operationId: `webhook${webhookPayloadSchemaName(type).slice('Webhook'.length, -'Payload'.length)}`,
      summary: `Aviso ${type}`,
      tags: [WEBHOOKS_TAG],
      description: `${WHEN[type]} Firmado (véase docs/webhooks.md); responda 2xx en menos de 10 s y haga el trabajo después.`,
      parameters: HEADERS,
      security: [],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref(webhookPayloadSchemaName(type)) } },
      },
      responses: {
        '2XX': { description: 'Recibido: no se vuelve a enviar' },
        '4XX': { description: 'No aceptado: se reintenta con espera creciente durante 72 h' },
      },
    },
  };
}

/** A document as this function reads and writes it (an OpenAPIObject from @nestjs/swagger, or any 3.x document). */
export interface OpenApiDocumentLike {
  openapi: string;
  components?: { schemas?: Record<string, unknown> };
}

/** Adds the webhook bodies' schemas to `document` as components, and names each event type's POST under `webhooks`
 * (OpenAPI 3.1) or `x-webhooks` (3.0). Answers the same document. Existing components keep their names (ours all
 * start with `Webhook`). */
export function addWebhookSchemas<T extends OpenApiDocumentLike>(document: T): T {
  const is31 = /^3\.1\./.test(document.openapi);
  const schemas = schemas30();
  document.components ??= {};
  document.components.schemas ??= {};
  for (const [name, schema] of Object.entries(schemas))
    document.components.schemas[name] = is31 ? toJsonSchema(schema) : structuredClone(schema);
  const types: WebhookDeliveryEventType[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];
  const operations = Object.fromEntries(types.map((type) => [type, webhookOperation(type)]));
  const key = is31 ? 'webhooks' : 'x-webhooks';
  const doc = document as unknown as Record<string, unknown>;
  doc[key] = { ...((doc[key] as Record<string, unknown> | undefined) ?? {}), ...operations };
  return document;
}
