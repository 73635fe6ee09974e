import type { Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { documentV1Conventions } from '../../http-v1/openapi';
import { RETRY_AFTER_HEADER, SERVICE_UNAVAILABLE_DESCRIPTION } from '../../common/http/service-unavailable';
import { ApiV1Module } from './api-v1.module';
import { LIMIT_MAX } from './page';
import { TOMBSTONE_RETENTION_DAYS } from './deletions.service';
import { addWebhookSchemas } from '../webhooks/webhook-schemas';
import { describeRequestDefaults } from '../../common/http/openapi-request-defaults';
import { lintReady } from '../../common/http/openapi-lint';

/** What each read answers beyond its summary, for an SDK's doc comments. */
const DESCRIPTIONS: Record<string, string> = {
  listEvents:
    'Todos los eventos (borradores, publicados y cancelados): por id o, con updatedSince, por updatedAt e id.',
  getEvent: 'Un evento, con sus traducciones tal como se guardaron ({} si no tiene).',
  listSessions: 'Las sesiones de un evento con su aforo y sus contadores; 404 si el evento no existe.',
  getSession: 'Una sesión: fechas locales de la zona del evento, startsAt/endsAt con su desfase, aforo y contadores.',
  listRegistrations:
    'Inscripciones con datos personales (permiso Registrations.Read); filtros exactos eventId, sessionId y state.',
  getRegistration: 'Una inscripción; su sequence es la versión que llevan también sus webhooks.',
  listWaitingListEntries: 'La lista de espera en orden de puesto; el id de cada entrada es el de su inscripción.',
  getWaitingListEntry: 'Una persona en lista de espera; 404 cuando ya no espera (promovida o cancelada).',
  listDeletions: `Lo eliminado, para borrarlo de una copia; se conserva ${TOMBSTONE_RETENTION_DAYS} días y un updatedSince más antiguo responde 410.`,
};

/** Every module but /api/v1's: the main document (/api/docs-json) stays the two apps' contract. */
export function modulesWithoutV1(app: NestFastifyApplication): Type[] {
  return [...app.get(ModulesContainer).values()].map((m) => m.metatype).filter((m) => m !== ApiV1Module);
}

/** /api/v1's own document, served at /api/v1/openapi.json, with its Swagger UI at /api/v1/docs: the v1 routes,
 * the conventions every v1 answer follows (problem+json errors, request id, rate limit, Idempotency-Key) and the
 * webhook bodies (docs/webhooks.md). */
export function setupV1Docs(app: NestFastifyApplication): OpenAPIObject {
  const routes = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Inscripciones a eventos: API para integraciones (v1)')
      .setDescription(
        [
          'Para sistemas de contenidos y otras máquinas (guía: docs/integrations.md). Autenticación: token de API',
          '(`Authorization: Bearer evr_…`) con los permisos de cada operación.',
          `Listas: \`{ data, next }\` y cabecera \`Link: <…>; rel="next"\`; \`limit\` de 1 a ${LIMIT_MAX}; \`cursor\` opaco;`,
          '`updatedSince` devuelve lo cambiado desde ese instante, por updatedAt e id.',
          `Eliminaciones: GET /api/v1/deletions (se conservan ${TOMBSTONE_RETENTION_DAYS} días).`,
        ].join(' '),
      )
      .setVersion('1')
      .addServer('/', 'Este servidor')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Token de API (evr_…)' })
      .addGlobalResponse({
        status: 503,
        description: SERVICE_UNAVAILABLE_DESCRIPTION,
        type: ApiErrorResponseDto,
        headers: RETRY_AFTER_HEADER,
      })
      .build(),
    { include: [ApiV1Module] },
  );
  const document = lintReady(describeRequestDefaults(addWebhookSchemas(documentV1Conventions(routes))), DESCRIPTIONS);
  // The global 503 of the builder named /api's error body; the conventions turned every error into a Problem.
  // (and its ErrorCode enum): both unused here.
  for (const name of ['ApiErrorResponseDto', 'ErrorCode']) {
    const { [name]: _unused, ...rest } = document.components?.schemas ?? {};
    if (!JSON.stringify({ ...document, components: { ...document.components, schemas: rest } }).includes(`/${name}"`))
      delete document.components?.schemas?.[name];
  }
  SwaggerModule.setup('api/v1/docs', app, document, { jsonDocumentUrl: 'api/v1/openapi.json' });
  return document;
}
