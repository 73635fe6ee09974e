import MessageFormat from '@messageformat/core';
import { catalogProblems, VISITOR_MESSAGES, type VisitorLanguage } from '@evreg/contracts';
import ca from './i18n/ca.json';
import en from './i18n/en.json';
import es from './i18n/es.json';
import eu from './i18n/eu.json';
import gl from './i18n/gl.json';
import { loadLanguage, LOCALES, splitTag, t } from './i18n';
import { announcement } from './logic/countdown';
import { formatDate, priceText } from './logic/format';
import { fieldsFor } from './logic/form-rules';

const CATALOGS: Record<VisitorLanguage, Record<string, string>> = { es, ca, eu, gl, en };
const use = (lang: VisitorLanguage) => loadLanguage(lang, { ...CATALOGS[lang] });

afterAll(() => use('es'));

describe('textos de la página (src/i18n/<idioma>.json)', () => {
  it('cada idioma tiene todas las claves del español, con los mismos marcadores y etiquetas', () => {
    expect(catalogProblems(CATALOGS)).toEqual([]);
  });

  it('cada mensaje es ICU válido en su idioma', () => {
    for (const [lang, catalog] of Object.entries(CATALOGS))
      for (const [key, text] of Object.entries(catalog))
        expect(() => new MessageFormat(lang).compile(text)).not.toThrow(`${lang} ${key}`);
  });

  it('plurales, fechas y precios según el idioma elegido', async () => {
    await use('en');
    expect(t('form.errorsSummary', { count: 1 })).toBe('1 field needs attention.');
    expect(t('form.errorsSummary', { count: 3 })).toBe('3 fields need attention.');
    expect(priceText(7.5)).toBe('€7.50');
    expect(priceText(0)).toBe('Free');
    expect(formatDate('2026-12-05')).toBe('Saturday, 5 December 2026');
    await use('ca');
    expect(formatDate('2026-12-05')).toMatch(/^dissabte, 5 de desembre del? 2026$/);
    expect(t('card.places', { count: 1 })).toBe('1 plaça');
    await use('eu');
    expect(announcement(120)).toBe('2 minutu geratzen dira erreserban.');
    expect(announcement(60)).toBe('Minutu 1 geratzen da erreserban.');
    expect(splitTag(t('form.consent'), 'link')).toEqual(['', 'Pribatutasun-politika', ' irakurri eta onartzen dut']);
  });

  it('los mensajes de la API en cada idioma van al campo que nombran', () => {
    for (const lang of ['es', 'ca', 'eu', 'gl', 'en'] as const) {
      const m = VISITOR_MESSAGES[lang];
      expect([lang, fieldsFor(m['booking.taxIdInvalid'])]).toEqual([lang, ['userTaxId']]);
      expect([lang, fieldsFor(m['booking.duplicateEmail'])]).toEqual([lang, ['email']]);
      expect([lang, fieldsFor(m['booking.emailMismatch'])]).toEqual([lang, ['email', 'confirmEmail']]);
      expect([lang, fieldsFor(m['booking.phoneInvalid'])]).toEqual([lang, ['telephoneNumber']]);
      expect([lang, fieldsFor(m['booking.lastNameRequired'])]).toEqual([lang, ['lastName']]);
      expect([lang, fieldsFor(m['booking.firstNameRequired'])]).toEqual([lang, ['firstName']]);
    }
  });
});

describe('fechas en un navegador sin los datos del idioma', () => {
  const LONG = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
  const days = Array.from({ length: 366 }, (_, i) => new Date(2028, 0, 1 + i)).map(
    (d) => [d, `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`] as const,
  );
  // Debian's Chromium (and many phones' browsers) lacks Basque and Galician: it says so through supportedLocalesOf
  // and formats them in Spanish. This browser, for the five languages.
  let reference: (d: Date, locale: string) => string;
  beforeEach(() => {
    const { supportedLocalesOf } = Intl.DateTimeFormat;
    const { toLocaleDateString } = Date.prototype;
    reference = (d, locale) => toLocaleDateString.call(d, locale, LONG);
    jest.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    jest.spyOn(Date.prototype, 'toLocaleDateString').mockImplementation(function (this: Date, _locales, options) {
      return toLocaleDateString.call(this, 'es-ES', options);
    });
    expect(supportedLocalesOf(['eu-ES', 'gl-ES'])).toEqual(['eu-ES', 'gl-ES']);
  });
  afterEach(() => jest.restoreAllMocks());

  it('cada idioma escribe cada día del año con sus propios nombres y en su orden, como lo escribe ICU', async () => {
    for (const lang of ['es', 'ca', 'eu', 'gl', 'en'] as const) {
      await use(lang);
      for (const [date, iso] of days) expect([lang, formatDate(iso)]).toEqual([lang, reference(date, LOCALES[lang])]);
    }
    await use('eu');
    expect(formatDate('2027-06-17')).toBe('2027(e)ko ekainaren 17(a), osteguna');
    await use('gl');
    expect(formatDate('2027-06-17')).toBe('xoves, 17 de xuño de 2027');
  });
});
