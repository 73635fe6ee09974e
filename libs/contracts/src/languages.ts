/**
 * The languages a visitor can be served in (docs/domain.md, "Idiomas"). Spanish is the default and the
 * fallback of every text; the back office stays Spanish whatever the request asks.
 */
export const VISITOR_LANGUAGES = ['es', 'ca', 'eu', 'gl', 'en'] as const;
export type VisitorLanguage = (typeof VISITOR_LANGUAGES)[number];
export const DEFAULT_VISITOR_LANGUAGE: VisitorLanguage = 'es';

/** Each language's own name, as a switcher shows it. */
export const VISITOR_LANGUAGE_NAMES: Record<VisitorLanguage, string> = {
  es: 'Español',
  ca: 'Català',
  eu: 'Euskara',
  gl: 'Galego',
  en: 'English',
};

export function isVisitorLanguage(value: unknown): value is VisitorLanguage {
  return typeof value === 'string' && (VISITOR_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language of a list of language tags in order of preference ('ca-ES', 'en-GB', 'eu'...):
 * only the primary subtag counts. Spanish when none is supported.
 */
export function pickVisitorLanguage(tags: readonly string[]): VisitorLanguage {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isVisitorLanguage(primary)) return primary;
  }
  return DEFAULT_VISITOR_LANGUAGE;
}

/**
 * The visitor's language from an HTTP `Accept-Language` header (RFC 9110 §12.5.4): tags ordered by their `q`
 * weight (1 when absent; q=0 means "not this one"), ties kept in the header's order. Spanish when the header
 * is absent, malformed or names no supported language.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): VisitorLanguage {
  if (!header || header.length > 500) return DEFAULT_VISITOR_LANGUAGE;
  const weighted: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [tag, ...params] = part.trim().split(';');
    if (!tag || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (Number.isFinite(q) && q > 0) weighted.push({ tag, q, index });
  });
  weighted.sort((a, b) => b.q - a.q || a.index - b.index);
  return pickVisitorLanguage(weighted.map((w) => w.tag));
}
