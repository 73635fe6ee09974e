import { type VisitorLanguage } from './languages';

/** The languages an event's content can be translated into: every visitor language but Spanish, which is the
 * event's own `title` and `description` (docs/domain.md, "Idiomas: datos"). */
export const TRANSLATION_LANGUAGES = ['ca', 'eu', 'gl', 'en'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** One language's version of an event's content; a field left out falls back to Spanish. */
export interface EventTranslation {
  title?: string;
  description?: string;
}

/** An event's translations by language (`{ ca: { title, description }, en: { title } }`). */
export type EventTranslations = Partial<Record<TranslationLanguage, EventTranslation>>;

/** The locale that writes dates for a language in e-mails (Spanish region for the co-official languages). */
export const LANGUAGE_LOCALE: Record<VisitorLanguage, string> = {
  es: 'es-ES',
  ca: 'ca-ES',
  eu: 'eu-ES',
  gl: 'gl-ES',
  en: 'en-GB',
};

/** Short labels the back office shows on a template's language chips. */
export const LANGUAGE_CHIP: Record<VisitorLanguage, string> = { es: 'ES', ca: 'CA', eu: 'EU', gl: 'GL', en: 'EN' };

/** The event's title and description in a language: its translation's fields, Spanish for what is missing. */
export function translatedContent(
  event: { title: string; description: string; translations?: EventTranslations | null },
  language: VisitorLanguage,
): { title: string; description: string } {
  const t = language === 'es' ? undefined : event.translations?.[language];
  return { title: t?.title?.trim() || event.title, description: t?.description?.trim() || event.description };
}

/** The staff/integration messages about translations (Spanish, naming the field). */
export const TRANSLATION_MESSAGES = {
  notAnObject: 'translations debe ser un objeto con los idiomas ca, eu, gl o en',
  unknownLanguage: (key: string) =>
    `translations.${key}: idioma no admitido (solo ca, eu, gl o en; el español es el título y la descripción del evento)`,
  languageNotAnObject: (lang: string) => `translations.${lang} debe ser un objeto con title y/o description`,
  unknownField: (lang: string, field: string) =>
    `translations.${lang}.${field}: campo no admitido (solo title y description)`,
  notText: (lang: string, field: string) => `translations.${lang}.${field} debe ser un texto`,
  titleTooLong: (lang: string) => `translations.${lang}.title no puede superar 300 caracteres`,
  descriptionTooLong: (lang: string) => `translations.${lang}.description es demasiado larga`,
} as const;
