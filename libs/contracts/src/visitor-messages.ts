import type { VisitorLanguage } from './languages';
import ca from './i18n/visitor/ca.json';
import en from './i18n/visitor/en.json';
import es from './i18n/visitor/es.json';
import eu from './i18n/visitor/eu.json';
import gl from './i18n/visitor/gl.json';

/** The API's visitor-facing messages (refusals and validation errors of the public routes) in each visitor
 * language, one file per language under i18n/visitor/ (ICU messages a translator edits; docs/booking.md,
 * "Languages"). Keyed by the MESSAGES path of their Spanish source ('booking.holdFull'); es.json is that source
 * copied, and a test keeps the two equal. */
export const VISITOR_MESSAGES: Record<VisitorLanguage, Record<string, string>> = { es, ca, eu, gl, en };

/** A message's arguments ({name}, and the argument of a {count, plural, …}) and tags (<link>), sorted. */
export function messageParts(message: string): string[] {
  const argument = /\{\s*([A-Za-z_]\w*)\s*(?:\}|,\s*(?:plural|select|selectordinal|number|date|time)\b)/g;
  const args = [...message.matchAll(argument)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?([a-z]+)>/g)].map((m) => m[0]);
  return [...new Set([...args, ...tags])].sort();
}

/** What a translator left out or broke: keys missing or extra in a language, and messages whose arguments or
 * tags differ from the reference language's. Empty when every catalog matches the reference. */
export function catalogProblems(catalogs: Record<string, Record<string, string>>, reference = 'es'): string[] {
  const source = catalogs[reference];
  const problems: string[] = [];
  for (const [lang, catalog] of Object.entries(catalogs)) {
    if (lang === reference) continue;
    for (const key of Object.keys(source)) {
      if (typeof catalog[key] !== 'string' || !catalog[key].trim()) problems.push(`${lang}: falta ${key}`);
      else if (messageParts(catalog[key]).join() !== messageParts(source[key]).join())
        problems.push(`${lang}: ${key} no tiene los mismos marcadores (${messageParts(source[key]).join(' ')})`);
    }
    for (const key of Object.keys(catalog)) if (!(key in source)) problems.push(`${lang}: sobra ${key}`);
  }
  return problems;
}
