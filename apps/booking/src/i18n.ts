import {
  DEFAULT_VISITOR_LANGUAGE,
  isVisitorLanguage,
  pickVisitorLanguage,
  type VisitorLanguage,
} from '@evreg/contracts';
import type es from './i18n/es.json';

/** The page's texts are ICU messages (plurals, selects, {placeholders}) in src/i18n/<language>.json, one file per
 * language (docs/booking.md, "Languages"). The build compiles each file into a module of functions
 * (messageformat); each language is a chunk of its own, loaded when chosen. */
export type MessageKey = keyof typeof es;
type Message = ((values?: Record<string, unknown>) => string) | string;
type Catalog = Record<string, Message>;

/** The locale each language formats dates, numbers and prices with. */
export const LOCALES: Record<VisitorLanguage, string> = {
  es: 'es-ES',
  ca: 'ca-ES',
  eu: 'eu-ES',
  gl: 'gl-ES',
  en: 'en-GB',
};

type Loader = () => Promise<{ default: unknown }>;
const LOADERS: Record<VisitorLanguage, Loader> = {
  es: () => import('./i18n/es.json'),
  ca: () => import('./i18n/ca.json'),
  eu: () => import('./i18n/eu.json'),
  gl: () => import('./i18n/gl.json'),
  en: () => import('./i18n/en.json'),
};

/** Kept for the visit (this tab): the chosen language survives reloads and links inside the page. */
export const LANGUAGE_KEY = 'evreg.lang';

let current: VisitorLanguage = DEFAULT_VISITOR_LANGUAGE;
let catalog: Catalog = {};
const catalogs: Partial<Record<VisitorLanguage, Catalog>> = {};
const listeners = new Set<() => void>();
/** More texts a page asked for (the cancellation page's), loaded with each language. */
let extra: Record<VisitorLanguage, Loader> | null = null;
/** Unit tests read the catalogs as JSON (ICU source, no build step): they hand in a compiler. */
let compile: ((lang: VisitorLanguage, source: string) => Message) | null = null;

export const language = (): VisitorLanguage => current;
/** es-ES, ca-ES, eu-ES, gl-ES or en-GB. */
export const locale = (): string => LOCALES[current];

/** The text of `key` in the visitor's language ({name} placeholders, plurals and selects filled from values). */
export function t(key: MessageKey, values?: Record<string, unknown>): string {
  let message = catalog[key];
  if (typeof message === 'string' && compile) message = catalog[key] = compile(current, message);
  if (message === undefined) return key;
  return typeof message === 'function' ? message(values ?? {}) : message;
}

/** Subscribes to language changes (for useSyncExternalStore); returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function stored(): string | null {
  try {
    return sessionStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** `?lang=` first, then what this tab chose earlier, then the browser's languages, then Spanish. */
export function initialLanguage(): VisitorLanguage {
  const asked = new URLSearchParams(window.location.search).get('lang')?.toLowerCase();
  if (isVisitorLanguage(asked)) return asked;
  const kept = stored();
  if (isVisitorLanguage(kept)) return kept;
  return pickVisitorLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

/** Makes `lang` the page's language with its catalog (`messages`, or its chunk, loaded once). */
export async function loadLanguage(lang: VisitorLanguage, messages?: Catalog): Promise<void> {
  catalogs[lang] ??= messages ?? { ...((await LOADERS[lang]()).default as Catalog) };
  if (extra && !messages) Object.assign(catalogs[lang], (await extra[lang]()).default);
  current = lang;
  catalog = catalogs[lang];
  listeners.forEach((listener) => listener());
}

/** A page's own texts (the cancellation page's: its chunk holds their loaders), in this language and any chosen
 * later. */
export async function addTexts(loaders: Record<VisitorLanguage, Loader>): Promise<void> {
  extra = loaders;
  Object.assign(catalog, (await loaders[current]()).default);
}

/** For unit tests: compile ICU source strings on first use. */
export function setMessageCompiler(compiler: (lang: VisitorLanguage, source: string) => Message): void {
  compile = compiler;
}

/** Chooses the page's language: loads it, sets `<html lang>` and keeps the choice for the visit. An address that
 * names a language is updated too, so a reload stays in the chosen one. */
export async function setLanguage(lang: VisitorLanguage): Promise<void> {
  await loadLanguage(lang);
  document.documentElement.lang = lang;
  try {
    sessionStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is left.
  }
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang') && url.searchParams.get('lang') !== lang) {
    url.searchParams.set('lang', lang);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
}

/** A translated text with one tag of its own (`<link>…</link>`, `<strong>…</strong>`), split around it so the
 * tag's part can be rendered as an element wherever the language puts it. */
export function splitTag(text: string, tag: string): [before: string, inside: string, after: string] {
  const match = new RegExp(`^([\\s\\S]*)<${tag}>([\\s\\S]*)</${tag}>([\\s\\S]*)$`).exec(text);
  return match ? [match[1], match[2], match[3]] : [text, '', ''];
}
