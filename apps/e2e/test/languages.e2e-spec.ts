// The booking and cancellation pages in Spanish, Catalan, Basque, Galician and English (issue 25): the language
// from ?lang=, then the tab's earlier choice, then the browser's languages; every text from that language's catalog
// (apps/booking/src/i18n/<language>.json), the API's refusals too, and the page still accessible.
import type { Page } from 'playwright-core';
import { VISITOR_MESSAGES, type VisitorLanguage } from '@evreg/contracts';
import ca from '../../booking/src/i18n/ca.json';
import en from '../../booking/src/i18n/en.json';
import es from '../../booking/src/i18n/es.json';
import eu from '../../booking/src/i18n/eu.json';
import gl from '../../booking/src/i18n/gl.json';
import { expectAccessible } from './support/axe';
import { seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { cancelPath, eventWithSession, newPerson, registerViaApi } from './support/fixtures';

const e2e = setupE2E({ context: { bypassCSP: true } });
const CATALOGS: Record<VisitorLanguage, Record<string, string>> = { es, ca, eu, gl, en };
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Opens the booking page and waits for its form (the hold taken), in whatever language it chose. */
async function open(page: Page, eventId: number, query = '') {
  await page.goto(`/?eventId=${eventId}${query}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('timer').waitFor();
}

describe('Idiomas de la página pública', () => {
  let eventId: number;
  beforeAll(async () => {
    ({ eventId } = await eventWithSession(e2e.app, { maxAttendees: 50 }));
  });

  it('?lang= elige el idioma: lang del documento, textos de su catálogo y sin infracciones de accesibilidad', async () => {
    const { page } = e2e;
    for (const lang of ['es', 'ca', 'eu', 'gl', 'en'] as const) {
      const texts = CATALOGS[lang];
      await open(page, eventId, `&lang=${lang}`);
      expect([lang, await htmlLang(page)]).toEqual([lang, lang]);
      await page.getByRole('group', { name: texts['session.legend'] }).waitFor();
      await page.getByRole('heading', { level: 2, name: texts['form.heading'] }).waitFor();
      await page.getByRole('button', { name: texts['form.submit'] }).waitFor();
      await page.getByRole('region', { name: texts['page.registrationRegion'] }).waitFor();
      expect(await page.getByLabel(texts['lang.label']).inputValue()).toBe(lang);
      await expectAccessible(page, `página de reservas (${lang})`);
    }
  });

  it('en inglés no queda español fuera de los nombres (evento, lugar, organizador)', async () => {
    const { page } = e2e;
    await open(page, eventId, '&lang=en');
    const text = await page.evaluate(() => {
      const copy = document.body.cloneNode(true) as HTMLElement;
      // The event's own content and names (H1, description, place, organiser) and each language's own name.
      copy.querySelectorAll('h1, .description, .address, .organizer, option').forEach((n) => n.remove());
      return copy.innerText;
    });
    expect(text).toContain(en['form.heading']);
    const spanish =
      /\b(el|la|los|las|de|del|para|con|una?|fecha|plazas?|correo|nombre|apellidos|evento|precio|gratuito|lugar|organiza|registrarse|inscripci[oó]n|pol[ií]tica|privacidad|disponibles?|tratamiento|reservadas|acompañante|tel[eé]fono|opcional|llegar|idioma)\b/gi;
    expect(text.match(spanish) ?? []).toEqual([]);
  });

  it('la política de privacidad se enlaza en el idioma de la página, y cada idioma tiene la suya', async () => {
    const { page } = e2e;
    await open(page, eventId, '&lang=en');
    const link = page.locator('label[for="consent"] a');
    expect(await link.getAttribute('href')).toBe('/privacy-policy.en.html');
    const titles = {
      ca: 'Política de privadesa',
      eu: 'Pribatutasun-politika',
      gl: 'Política de privacidade',
      en: 'Privacy policy',
    };
    for (const [lang, title] of Object.entries(titles)) {
      const res = await page.request.get(`/privacy-policy.${lang}.html`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<h1>${title}</h1>`);
      // The whole policy: its seven sections and the supervisory authority.
      expect(html.match(/<h2>/g)).toHaveLength(7);
      expect(html).toContain('https://www.aepd.es');
    }
  });

  it('el selector cambia el idioma y se mantiene al volver a la página y en la de cancelación', async () => {
    const { page } = e2e;
    await open(page, eventId);
    expect(await htmlLang(page)).toBe('es');
    await page.getByLabel('Idioma').selectOption('ca');
    await page.getByRole('heading', { level: 2, name: ca['form.heading'] }).waitFor();
    expect(await htmlLang(page)).toBe('ca');
    // Keyboard: the native select moves on with the arrows.
    await page.getByLabel(ca['lang.label']).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { level: 2, name: eu['form.heading'] }).waitFor();
    await page.getByLabel(eu['lang.label']).selectOption('ca');
    await page.getByRole('heading', { level: 2, name: ca['form.heading'] }).waitFor();

    await open(page, eventId);
    expect(await htmlLang(page)).toBe('ca');
    await page.getByRole('heading', { level: 2, name: ca['form.heading'] }).waitFor();
    await page.goto('/cancel?token=enlace-que-no-existe-0000000000');
    await page.getByRole('heading', { level: 1, name: ca['cancel.cannot'] }).waitFor();
    await seeText(page, VISITOR_MESSAGES.ca['booking.cancelLinkInvalid']);
    expect(await htmlLang(page)).toBe('ca');
    await expectAccessible(page, 'cancelación (ca)');
  });

  it('sin ?lang= ni elección previa, el idioma del navegador; los errores del servidor en ese idioma', async () => {
    const page = await e2e.newPage({ locale: 'eu-ES' });
    await open(page, eventId);
    expect(await htmlLang(page)).toBe('eu');
    await page.getByRole('heading', { level: 2, name: eu['form.heading'] }).waitFor();

    await page.getByLabel(eu['lang.label']).selectOption('en');
    await page.getByRole('heading', { level: 2, name: en['form.heading'] }).waitFor();
    // A DNI whose letter is wrong passes the page's checks; the API refuses it, in English.
    const person = newPerson({ userTaxId: '12345678A' });
    for (const [name, value] of Object.entries(person))
      if (typeof value === 'string' && name !== 'telephoneNumber') await page.locator(`#a0-${name}`).fill(value);
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: en['form.submit'] }).click();
    const refusal = VISITOR_MESSAGES.en['booking.taxIdInvalid'];
    await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
    expect(await page.locator('#a0-userTaxId-err').textContent()).toBe(refusal);
    await expectAccessible(page, 'error del servidor (en)');
  });

  it('la cancelación en inglés, y al cambiar de idioma después sigue diciendo que está cancelada', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app);
    const { id } = await registerViaApi(app, sessionId, [newPerson()]);
    await page.goto(`${cancelPath(app, id)}&lang=en`);
    await page.getByRole('heading', { level: 1, name: en['cancel.title'] }).waitFor();
    await page.getByRole('button', { name: en['cancel.confirm'] }).click();
    await page.getByRole('heading', { level: 1, name: en['cancel.doneTitle'] }).waitFor();
    await page.getByLabel(en['lang.label']).selectOption('gl');
    await page.getByRole('heading', { level: 1, name: gl['cancel.doneTitle'] }).waitFor();
    expect(await htmlLang(page)).toBe('gl');
  });

  it('fechas en euskera y gallego con sus nombres y su orden aunque Chromium no tenga esos idiomas, también al cancelar', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, {}, { title: 'Data proba' });
    const [{ day }] = await app.sql<{ day: string }>(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS day FROM event_sessions WHERE id = $1`,
      [sessionId],
    );
    const [y, m, d] = day.split('-').map(Number);
    // Node's full ICU writes each language's long date; the page must write the same where the browser can't.
    const long = (locale: string) =>
      new Date(y, m - 1, d).toLocaleDateString(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
    const { id } = await registerViaApi(app, sessionId, [newPerson()]);
    for (const [lang, locale] of [
      ['eu', 'eu-ES'],
      ['gl', 'gl-ES'],
    ] as const) {
      const date = long(locale);
      expect(date).not.toBe(long('es-ES'));
      await open(page, eventId, `&lang=${lang}`);
      const escaped = date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await page.getByRole('radio', { name: new RegExp(`^${escaped} - \\d\\d:\\d\\d`) }).waitFor();
      await page.goto(`${cancelPath(app, id)}&lang=${lang}`);
      await page.getByRole('heading', { level: 1, name: CATALOGS[lang]['cancel.title'] }).waitFor();
      await seeText(page, date);
    }
    await page.goto(`${cancelPath(app, id)}&lang=eu`);
    await seeText(page, /^\d{4}\(e\)ko [a-z]+aren \d{1,2}\(a\), [a-z]+/);
  });

  it('precio y país en euskera y gallego: sin datos del idioma, Chromium los escribiría en inglés (€7.50, Spain)', async () => {
    const { eventId } = await eventWithSession(e2e.app, {}, { price: 7.5, country: 'Spain' });
    // Node's full ICU: '7,50 €' in both; the country in Galician, or in Spanish where the browser has no Basque.
    for (const [lang, address] of [
      ['eu', /28014 Madrid, (Espainia|España)\b/],
      ['gl', /28014 Madrid, España\b/],
    ] as const) {
      // A browser in the visitor's own language, which it has no data for (its Intl falls back to the root locale).
      const own = await e2e.newPage({ locale: `${lang}-ES` });
      await open(own, eventId, `&lang=${lang}`);
      await seeText(own, '7,50 €');
      await seeText(own.locator('.address'), address);
    }
  });

  it('el título de la pestaña en el idioma de la página, en cada estado de reserva, cancelación y error', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, {}, { title: 'Concierto de Santa Cecilia' });
    for (const lang of ['es', 'ca', 'eu', 'gl', 'en'] as const) {
      const texts = CATALOGS[lang];
      const title = async (expected: string) => {
        await page.waitForFunction((t) => document.title === t, expected);
        expect(await page.title()).toBe(expected);
      };
      await open(page, eventId, `&lang=${lang}`);
      await title(texts['page.title'].replace('{title}', 'Concierto de Santa Cecilia'));
      await page.goto(`/?eventId=999999&lang=${lang}`);
      await page.getByRole('alert').waitFor();
      await title(texts['page.errorTitle']);
      await page.goto(`/?lang=${lang}`);
      await title(texts['page.errorTitle']);

      await page.goto(`/cancel?lang=${lang}`);
      await title(texts['cancel.invalidTitle']);
      await page.goto(`/cancel?token=enlace-que-no-existe-0000000000&lang=${lang}`);
      await title(texts['cancel.cannot']);
      const { id } = await registerViaApi(app, sessionId, [newPerson()]);
      await page.goto(`${cancelPath(app, id)}&lang=${lang}`);
      await title(texts['cancel.title']);
      await page.getByRole('button', { name: texts['cancel.confirm'] }).click();
      await title(texts['cancel.doneTitle']);
    }
  });
});
