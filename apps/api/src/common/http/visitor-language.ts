import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import MessageFormat from '@messageformat/core';
import {
  DEFAULT_VISITOR_LANGUAGE,
  languageFromAcceptLanguage,
  VISITOR_MESSAGES,
  type VisitorLanguage,
} from '@evreg/contracts';
import type { FastifyRequest } from 'fastify';

/** The public routes a visitor's browser calls (the booking and cancellation pages): their refusals are answered in
 * the language the request's Accept-Language asks for (docs/domain.md, "Idiomas"). Every other route, the back
 * office's included, answers in Spanish. Route patterns as registered (with the global prefix). */
const VISITOR_ROUTES = new Set([
  '/api/events/:id',
  '/api/events/:eventId/sessions',
  '/api/ticketholds',
  '/api/ticketholds/expire',
  '/api/events/sessions/:eventSessionId/registrations',
  '/api/events/sessions/:eventSessionId/bulk-registrations',
  '/api/registrations/cancellation/:token',
]);

/** The visitor's language of a request to a visitor route, or null for any other route (Spanish, untouched). */
export function visitorLanguageOf(request: FastifyRequest): VisitorLanguage | null {
  const route = request.routeOptions?.url;
  if (!route || !VISITOR_ROUTES.has(route)) return null;
  const header = request.headers['accept-language'];
  return languageFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header);
}

type Format = (values: Record<string, string>) => string;

/** Translates the API's Spanish visitor messages (contracts' i18n/visitor catalogs): a message is recognised by its
 * Spanish text (exactly, or as the Spanish template with its {placeholders} filled), and written again from the
 * same key in the other language with the same values. A text with no key (a message not meant for visitors, a
 * field name from a DTO) stays Spanish. Only error answers use it, so a success costs nothing. */
export class VisitorMessages {
  private readonly exact = new Map<string, string>();
  private readonly templates: { pattern: RegExp; names: string[]; key: string }[] = [];
  private readonly formats = new Map<string, Format>();

  constructor(private readonly catalogs = VISITOR_MESSAGES) {
    for (const [key, text] of Object.entries(catalogs[DEFAULT_VISITOR_LANGUAGE])) {
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (!names.length) {
        // The first key of a text wins: a refusal's own key comes before an e-mail's line with the same words.
        if (!this.exact.has(text)) this.exact.set(text, key);
        continue;
      }
      const source = text
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)');
      this.templates.push({ pattern: new RegExp(`^${source}$`), names, key });
    }
  }

  translate(text: string, lang: VisitorLanguage): string {
    if (lang === DEFAULT_VISITOR_LANGUAGE) return text;
    const key = this.exact.get(text);
    if (key) return this.format(lang, key)({});
    for (const { pattern, names, key: templateKey } of this.templates) {
      const match = pattern.exec(text);
      if (match) return this.format(lang, templateKey)(Object.fromEntries(names.map((n, i) => [n, match[i + 1]])));
    }
    return text;
  }

  /** The body's Spanish texts (message, title, errors, attendeeErrors) in `lang`; codes and shape unchanged. */
  translateBody<T extends Record<string, unknown>>(body: T, lang: VisitorLanguage): T {
    if (lang === DEFAULT_VISITOR_LANGUAGE) return body;
    const out: Record<string, unknown> = { ...body };
    for (const field of ['message', 'title']) {
      if (typeof out[field] === 'string') out[field] = this.translate(out[field] as string, lang);
    }
    for (const field of ['errors', 'attendeeErrors']) {
      const map = out[field];
      if (map && typeof map === 'object' && !Array.isArray(map))
        out[field] = Object.fromEntries(
          Object.entries(map).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? this.translate(m, lang) : m)) : v,
          ]),
        );
    }
    return out as T;
  }

  /** The catalog message `key` in `lang` with its {placeholders} filled (the check-in's visitor line). */
  render(lang: VisitorLanguage, key: string, values: Record<string, string> = {}): string {
    return this.format(lang, key)(values);
  }

  private format(lang: VisitorLanguage, key: string): Format {
    const id = `${lang}:${key}`;
    let format = this.formats.get(id);
    if (!format) {
      format = new MessageFormat(lang).compile(this.catalogs[lang][key]) as Format;
      this.formats.set(id, format);
    }
    return format;
  }
}

/** The visitor's language from the request's `Accept-Language` (one of es, ca, eu, gl, en; Spanish when absent or
 * unsupported). A parameter decorator of its own, not `@Headers()`, so the OpenAPI document keeps the one optional
 * `Accept-Language` header each route declares with `@ApiHeader`. */
export const VisitorLanguageHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VisitorLanguage => {
    const raw = context.switchToHttp().getRequest<FastifyRequest>().headers['accept-language'];
    return languageFromAcceptLanguage(Array.isArray(raw) ? raw[0] : raw);
  },
);
