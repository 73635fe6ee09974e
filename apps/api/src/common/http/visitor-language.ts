import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type VisitorLanguage, languageFromAcceptLanguage } from '@evreg/contracts';
import type { FastifyRequest } from 'fastify';

/** The visitor's language from the request's `Accept-Language` (one of es, ca, eu, gl, en; Spanish when absent or
 * unsupported). A parameter decorator of its own, not `@Headers()`, so the OpenAPI document keeps the one optional
 * `Accept-Language` header each route declares with `@ApiHeader`. */
export const VisitorLanguageHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VisitorLanguage => {
    const raw = context.switchToHttp().getRequest<FastifyRequest>().headers['accept-language'];
    return languageFromAcceptLanguage(Array.isArray(raw) ? raw[0] : raw);
  },
);
