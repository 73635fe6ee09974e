import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { WEBHOOK_EVENT_TYPES } from '@evreg/contracts';
import { addWebhookSchemas, OpenApiDocumentLike, webhookPayloadSchemaName } from './webhook-schemas';

const body = (queuePosition: unknown) => ({
  id: '6f1c2c9e-3b1e-4a0f-9d55-1f3c0b7a9e21',
  type: 'registration.queued',
  createdAt: '2026-06-01T09:30:12.000Z',
  data: {
    registration: {
      id: 812,
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      queuePosition,
      state: 'waiting',
      sequence: 1,
      updatedAt: '2026-06-01T09:30:12.345Z',
    },
    event: { id: 41, title: 'Concierto' },
    session: {
      sequence: 7,
      id: 97,
      startsAt: '2026-06-20T16:00:00Z',
      endsAt: '2026-06-20T17:30:00Z',
      maxAttendees: 100,
      reservedSpots: 10,
      maxQueueSpots: 20,
      onlineRegistered: 90,
      reservedRegistered: 4,
      registeredCount: 94,
      queueCount: 3,
      availableSpots: 0,
    },
  },
});

describe('addWebhookSchemas', () => {
  it('adds one schema per event type to a 3.0 document, keeps its components, and lists the POSTs as x-webhooks', () => {
    const doc = addWebhookSchemas<OpenApiDocumentLike>({
      openapi: '3.0.0',
      components: { schemas: { Session: { type: 'object' } } },
    });
    const schemas = doc.components!.schemas!;
    expect(schemas.Session).toEqual({ type: 'object' });
    for (const type of [...WEBHOOK_EVENT_TYPES, 'webhook.test' as const])
      expect(schemas[webhookPayloadSchemaName(type)]).toBeDefined();
    expect(webhookPayloadSchemaName('registration.checked_in')).toBe('WebhookRegistrationCheckedInPayload');
    expect(webhookPayloadSchemaName('session.spots_available')).toBe('WebhookSessionSpotsAvailablePayload');
    const hooks = (doc as unknown as Record<string, Record<string, unknown>>)['x-webhooks'];
    expect(Object.keys(hooks)).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
    expect(doc).not.toHaveProperty('webhooks');
    expect(JSON.stringify(schemas.WebhookRegistration)).toContain('"nullable":true');
  });

  it('writes a 3.1 document a `webhooks` section and JSON Schema that a 2020-12 validator applies', () => {
    const doc = addWebhookSchemas<OpenApiDocumentLike>({ openapi: '3.1.0' });
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Record<string, any> }> }).webhooks;
    expect(Object.keys(webhooks)).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
    expect(webhooks['session.spots_available'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookSessionSpotsAvailablePayload',
    });
    expect(JSON.stringify(doc.components)).not.toContain('nullable');

    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const check = ajv.getSchema('doc#/components/schemas/WebhookRegistrationQueuedPayload')!;
    expect(check(body(null))).toBe(true);
    expect(check(body(2))).toBe(true);
    expect(check(body('2'))).toBe(false);
    expect(check({ ...body(1), type: 'registration.created' })).toBe(false);
  });
});
