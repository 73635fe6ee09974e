import { ERROR_CODES } from '@evreg/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import { V1_PREFIX } from './v1-paths';

type Operation = {
  parameters?: unknown[];
  security?: unknown[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const PROBLEM_CONTENT = { 'application/problem+json': { schema: ref('schemas', 'Problem') } };

/** The headers every /api/v1 answer carries. */
const COMMON_RESPONSE_HEADERS = {
  'X-Request-Id': ref('headers', 'X-Request-Id'),
  'RateLimit-Limit': ref('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers', 'RateLimit-Reset'),
  'RateLimit-Policy': ref('headers', 'RateLimit-Policy'),
};

/** The conventions of http-v1/ in an OpenAPI document (docs/integrations-http.md): the problem+json schema, the
 * common headers and parameters, and the 401/422/429 answers, added to every operation under /api/v1 (error answers
 * already declared turn into problems). For whoever builds the v1 document; returns the same document. */
export function documentV1Conventions(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components ??= {});
  components.schemas = {
    ...components.schemas,
    Problem: {
      type: 'object',
      description:
        'Un error (RFC 9457, application/problem+json). `detail` es el mensaje en español; `code` es estable y es lo que debe leer un programa.',
      required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId'],
      properties: {
        type: {
          type: 'string',
          format: 'uri-reference',
          example: 'urn:evreg:problem:validation-failed',
          description: 'urn:evreg:problem: y el código en minúsculas con guiones',
        },
        title: { type: 'string', example: 'Petición no válida', description: 'Resumen del estado HTTP' },
        status: { type: 'integer', example: 400 },
        detail: { type: 'string', example: 'Email es requerido', description: 'Mensaje en español' },
        instance: { type: 'string', example: '/api/v1/registrations', description: 'Ruta de la petición' },
        code: {
          type: 'string',
          enum: [...ERROR_CODES],
          example: 'VALIDATION_FAILED',
          description: 'Código estable para programas; cada código va siempre con el mismo estado HTTP',
        },
        errors: {
          type: 'object',
          description: 'Mensajes por campo',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          example: { email: ['Email es requerido'] },
        },
        requestId: { type: 'string', example: '5f0c3c1e-8d7a-4a57-9d1e-3f1f2c1b0a9e', description: 'X-Request-Id' },
      },
      additionalProperties: true,
    },
  };
  const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
  components.headers = {
    ...components.headers,
    'X-Request-Id': {
      description: 'Identificador de la petición: el X-Request-Id recibido si es válido, si no un UUID nuevo',
      schema: { type: 'string' },
    },
    'RateLimit-Limit': integer('Peticiones permitidas en la ventana'),
    'RateLimit-Remaining': integer('Peticiones que quedan en la ventana actual'),
    'RateLimit-Reset': integer('Segundos hasta que empieza una ventana nueva'),
    'RateLimit-Policy': {
      description: 'La política: `límite;w=segundos de la ventana`',
      schema: { type: 'string', example: '600;w=60' },
    },
    'Retry-After': integer('Segundos que esperar antes de repetir la petición'),
    'Idempotent-Replayed': {
      description: '`true` cuando la respuesta es la guardada de la primera petición con esta Idempotency-Key',
      schema: { type: 'string', enum: ['true'] },
    },
    'WWW-Authenticate': {
      description: '`Bearer realm="api"`, con `error="invalid_token"` si el token enviado no es válido',
      schema: { type: 'string' },
    },
  };
  components.parameters = {
    ...components.parameters,
    'Idempotency-Key': {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Clave única (p. ej. un UUID, máx. 255 caracteres ASCII visibles). La misma clave con el mismo cuerpo en 24 h repite la primera respuesta (Idempotent-Replayed: true); con otro cuerpo, 422; mientras la primera sigue en curso, 409.',
      schema: { type: 'string', maxLength: 255 },
    },
    'X-Request-Id': {
      name: 'X-Request-Id',
      in: 'header',
      required: false,
      description: 'Identificador propio de la petición (máx. 128 caracteres: letras, dígitos y . _ : @ + = / -)',
      schema: { type: 'string', maxLength: 128 },
    },
  };
  const withHeaders = (extra: Record<string, unknown> = {}) => ({ ...COMMON_RESPONSE_HEADERS, ...extra });
  components.responses = {
    ...components.responses,
    V1Unauthorized: {
      description: 'Sin token o token no válido',
      headers: withHeaders({ 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') }),
      content: PROBLEM_CONTENT,
    },
    V1UnprocessableEntity: {
      description: 'La Idempotency-Key ya se usó con otra petición',
      headers: withHeaders(),
      content: PROBLEM_CONTENT,
    },
    V1TooManyRequests: {
      description: 'Límite de peticiones superado',
      headers: withHeaders({ 'Retry-After': ref('headers', 'Retry-After') }),
      content: PROBLEM_CONTENT,
    },
  };

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (path !== V1_PREFIX && !path.startsWith(`${V1_PREFIX}/`)) continue;
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const parameters = (operation.parameters ??= []);
      parameters.push(ref('parameters', 'X-Request-Id'));
      if (MUTATING.has(method)) parameters.push(ref('parameters', 'Idempotency-Key'));
      const responses = (operation.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        if ('$ref' in response) continue;
        const extra: Record<string, unknown> = {};
        if (MUTATING.has(method) && /^2/.test(status))
          extra['Idempotent-Replayed'] = ref('headers', 'Idempotent-Replayed');
        response.headers = { ...response.headers, ...withHeaders(extra) };
        if (/^[45]/.test(status)) response.content = PROBLEM_CONTENT;
      }
      // A public operation (`security: []`) has no 401.
      if (!(Array.isArray(operation.security) && operation.security.length === 0))
        responses['401'] = ref('responses', 'V1Unauthorized') as never;
      responses['429'] = ref('responses', 'V1TooManyRequests') as never;
      if (MUTATING.has(method)) responses['422'] ??= ref('responses', 'V1UnprocessableEntity') as never;
    }
  }
  return document;
}
