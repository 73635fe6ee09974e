import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { MESSAGES, SESSION_TOKEN_HEADER, isValidSessionToken } from '@evreg/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const FIELD = 'X-Session-Token';

/** The header in the OpenAPI document, always spelt the same way (HTTP header names are case-insensitive; a client
 * generated from the document sends it once, as written here). */
export function ApiSessionTokenHeader(options: { required: boolean; description?: string }) {
  return ApiHeader({ name: FIELD, ...options });
}

/** The request's X-Session-Token as SessionTokenHeader reads it: trimmed, undefined when absent or blank, null when
 * it is no valid token. */
export function sessionTokenOf(request: FastifyRequest): string | null | undefined {
  const raw = request.headers[SESSION_TOKEN_HEADER];
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!token) return undefined;
  return isValidSessionToken(token) ? token : null;
}

/** The visitor's X-Session-Token, trimmed: absent or blank is undefined (a 400 when `required`), anything but
 * 16-100 letters, digits or - _ . : is a 400 naming the header. */
export const SessionTokenHeader = createParamDecorator(
  (options: { required?: boolean } | undefined, context: ExecutionContext): string | undefined => {
    const token = sessionTokenOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (token === undefined) {
      if (options?.required) throw AppError.field(FIELD, MESSAGES.booking.sessionTokenRequired);
      return undefined;
    }
    if (token === null) throw AppError.field(FIELD, MESSAGES.booking.sessionTokenInvalid);
    return token;
  },
);
