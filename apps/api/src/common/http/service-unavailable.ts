import { Type } from '@nestjs/common';
import { ApiServiceUnavailableResponse } from '@nestjs/swagger';

/** The 503 every call may meet while the database is away (docs/domain.md, "PostgreSQL away"). The document gives
 * it to every operation (create-app.ts); an operation whose errors have a richer schema documents it with that one,
 * so a generated client sees one error type there. */
export const SERVICE_UNAVAILABLE_DESCRIPTION =
  'SERVICE_UNAVAILABLE: la base de datos no está disponible; la cabecera Retry-After dice en cuántos segundos reintentar';

export const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Segundos', schema: { type: 'integer' as const } } };

export function ApiServiceUnavailable(type: Type<unknown>) {
  return ApiServiceUnavailableResponse({
    type,
    description: SERVICE_UNAVAILABLE_DESCRIPTION,
    headers: RETRY_AFTER_HEADER,
  });
}
