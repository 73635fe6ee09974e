import {
  type EventTranslation,
  type EventTranslations,
  TRANSLATION_LANGUAGES,
  TRANSLATION_MESSAGES as T,
  type TranslationLanguage,
} from '@evreg/contracts';
import { sanitizeDescription } from './description';

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 100_000;
const FIELDS = new Set(['title', 'description']);

/** An event's `translations` as sent (POST/PUT of /api/events), checked and normalised for storage: only the
 * languages ca, eu, gl, en, each an object of `title` and/or `description` texts (trimmed; an empty one is left
 * out, so Spanish shows); descriptions sanitised as the Spanish one is. Problems are returned per field
 * (`translations`, `translations.ca.title`...) in Spanish, naming the field. */
export function checkTranslations(value: unknown): {
  translations: EventTranslations;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const translations: EventTranslations = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.translations = [T.notAnObject];
    return { translations, errors };
  }
  for (const [lang, entry] of Object.entries(value)) {
    if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(lang)) {
      errors[`translations.${lang}`] = [T.unknownLanguage(lang)];
      continue;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      errors[`translations.${lang}`] = [T.languageNotAnObject(lang)];
      continue;
    }
    const out: EventTranslation = {};
    for (const [field, text] of Object.entries(entry as Record<string, unknown>)) {
      const key = `translations.${lang}.${field}`;
      if (!FIELDS.has(field)) errors[key] = [T.unknownField(lang, field)];
      else if (text === null || text === undefined) continue;
      else if (typeof text !== 'string') errors[key] = [T.notText(lang, field)];
      else if (field === 'title') {
        const title = text.trim();
        if (title.length > TITLE_MAX) errors[key] = [T.titleTooLong(lang)];
        else if (title) out.title = title;
      } else {
        if (text.length > DESCRIPTION_MAX) errors[key] = [T.descriptionTooLong(lang)];
        else {
          const description = sanitizeDescription(text);
          if (description) out.description = description;
        }
      }
    }
    if (Object.keys(out).length) translations[lang as TranslationLanguage] = out;
  }
  return { translations, errors };
}
