import type { OpenAPIObject } from '@nestjs/swagger';
import { documentV1Conventions } from './openapi';

const document = (): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 'v1', version: '1' },
  paths: {
    '/api/v1/registrations': {
      get: { responses: { '200': { description: 'Lista' } } },
      post: {
        responses: {
          '201': { description: 'Creada' },
          '400': { description: 'No válida', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/api/v1/status': { get: { security: [], responses: { '200': { description: 'Público' } } } },
    '/api/events': { get: { responses: { '200': { description: 'Eventos de la app' } } } },
  },
});

describe('documentV1Conventions', () => {
  it('adds the problem schema, the common headers and parameters, and 401/422/429 to /api/v1 operations only', () => {
    const result = documentV1Conventions(document());
    expect(result.components?.schemas?.Problem).toMatchObject({
      required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId'],
    });
    type Loose = Record<string, { parameters?: unknown[]; responses: Record<string, Record<string, unknown>> }>;
    const v1 = result.paths['/api/v1/registrations'] as unknown as Loose;
    expect(v1.get?.parameters).toEqual([{ $ref: '#/components/parameters/X-Request-Id' }]);
    expect(v1.post?.parameters).toEqual([
      { $ref: '#/components/parameters/X-Request-Id' },
      { $ref: '#/components/parameters/Idempotency-Key' },
    ]);
    expect(Object.keys(v1.get?.responses ?? {}).sort()).toEqual(['200', '401', '429']);
    expect(Object.keys(v1.post?.responses ?? {}).sort()).toEqual(['201', '400', '401', '422', '429']);
    expect(v1.get?.responses['200'].headers).toMatchObject({
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
      'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
    });
    expect(v1.post?.responses['201'].headers).toHaveProperty('Idempotent-Replayed');
    expect(v1.post?.responses['400'].content).toEqual({
      'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
    });
    expect(v1.get?.responses['429']).toEqual({ $ref: '#/components/responses/V1TooManyRequests' });
    expect(result.components?.responses?.V1TooManyRequests).toMatchObject({
      headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
    });
    expect(Object.keys(result.paths['/api/v1/status'].get?.responses ?? {}).sort()).toEqual(['200', '429']);
    expect(result.paths['/api/events']).toEqual(document().paths['/api/events']);
  });
});
