// One visitor, one hold, one deadline (issue 19 §2, §3): the date switch releases the first hold, a refresh keeps the
// date, the server's deadline and what was typed, two tabs of one browser tell the truth, the countdown follows the
// server's clock, a registration in flight at 0:00 is left to its answer, a double submit is one POST, and a
// refresh after success shows the same confirmation. Holds are counted in the database.
import type { Page, Request } from 'playwright-core';
import {
  chooseSession,
  consent,
  countdown,
  countdownText,
  countRegistrationCalls,
  eventually,
  field,
  fillPerson,
  notSeen,
  openWithHold,
  personScope,
  registrationArea,
  seeText,
  selectedSession,
  submitAndWait,
} from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, holdsOf, newPerson, registrationsOf } from './support/fixtures';
import { screenshot } from './support/screenshots';

const e2e = setupE2E();

/** 'Plazas reservadas durante m:ss' as seconds. */
async function secondsShown(page: Page): Promise<number> {
  const match = /(\d+):([0-5]\d)$/.exec(await countdownText(page));
  if (!match) throw new Error('la cuenta atrás no tiene la forma m:ss');
  return Number(match[1]) * 60 + Number(match[2]);
}

const isHoldRequest = (r: Request) => r.url().endsWith('/api/ticketholds') && r.method() === 'POST';
const isRelease = (r: Request) => r.url().endsWith('/api/ticketholds/expire') && r.method() === 'POST';

/** An event with two dates that have free places (the first is pre-selected). */
async function twoDates() {
  const eventId = await createEvent(e2e.app);
  const first = await addSession(e2e.app, eventId, { maxAttendees: 10, startsInHours: 48 });
  const second = await addSession(e2e.app, eventId, { maxAttendees: 10, startsInHours: 96 });
  return { eventId, first, second };
}

describe('Una reserva por visitante', () => {
  it('elegir otra fecha libera al momento la primera reserva; al recargar sigue la fecha elegida, el mismo plazo del servidor y lo escrito', async () => {
    const { app, page } = e2e;
    const { eventId, first, second } = await twoDates();
    const person = newPerson();

    await openWithHold(page, eventId);
    expect(await selectedSession(page)).toBe(first);
    expect(await holdsOf(app, first)).toHaveLength(1);

    const granted = page.waitForResponse((r) => isHoldRequest(r.request()));
    const released = page.waitForRequest(isRelease);
    await chooseSession(page, second);
    await released;
    const secondHold = await (await granted).json();
    await countdown(page).waitFor();
    // Released at once, not left to expire: one hold in all, on the date chosen.
    expect(await holdsOf(app, first)).toEqual([]);
    expect(await holdsOf(app, second)).toHaveLength(1);

    const form = personScope(page, 0, false);
    await fillPerson(form, { firstName: person.firstName, lastName: person.lastName, email: person.email });
    await consent(page).check();
    // Typed data never goes into the address.
    expect(page.url()).not.toContain(encodeURIComponent(person.email));

    const again = page.waitForResponse((r) => isHoldRequest(r.request()));
    await page.reload();
    const resumed = await (await again).json();
    await countdown(page).waitFor();
    expect(await selectedSession(page)).toBe(second);
    // The same hold and the same deadline: asking again with the stored token never stretches it.
    expect(resumed.expiresAt).toBe(secondHold.expiresAt);
    expect(await secondsShown(page)).toBeLessThanOrEqual(180);
    expect(await holdsOf(app, first)).toEqual([]);
    const holds = await holdsOf(app, second);
    expect(holds).toHaveLength(1);
    expect(holds[0].expires_at.toISOString()).toBe(new Date(secondHold.expiresAt).toISOString());
    expect(await field(form, 'firstName').inputValue()).toBe(person.firstName);
    expect(await field(form, 'email').inputValue()).toBe(person.email);
    expect(await consent(page).isChecked()).toBe(true);
  });

  it('dos pestañas: la segunda muestra el mismo plazo, sigue el cambio de fecha de la otra y dice que la inscripción se completó allí', async () => {
    const { app, page, context } = e2e;
    const { eventId, first, second } = await twoDates();
    const person = newPerson();

    const one = await openWithHold(page, eventId);
    const tab2 = await context.newPage();
    const two = await openWithHold(tab2, eventId);
    // Same token, same hold, same deadline (not a fresh 3:00 in the second tab).
    expect(two.expiresAt).toBe(one.expiresAt);
    expect(await selectedSession(tab2)).toBe(first);
    expect(await holdsOf(app, first)).toHaveLength(1);

    // The second tab chooses the other date: the first follows, with the same countdown.
    const granted = tab2.waitForResponse((r) => isHoldRequest(r.request()));
    await chooseSession(tab2, second);
    const moved = await (await granted).json();
    await eventually(async () => expect(await selectedSession(page)).toBe(second));
    await countdown(page).waitFor();
    await eventually(async () =>
      expect(Math.abs((await secondsShown(page)) - (await secondsShown(tab2)))).toBeLessThanOrEqual(1),
    );
    expect(await holdsOf(app, first)).toEqual([]);
    expect((await holdsOf(app, second)).map((h) => h.expires_at.toISOString())).toEqual([
      new Date(moved.expiresAt).toISOString(),
    ]);

    // The first tab books: the second says so, with no countdown of a hold that no longer exists.
    await fillPerson(personScope(page, 0, false), person);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(201);
    await seeText(registrationArea(page), '¡Proceso Completado!');
    await seeText(registrationArea(tab2), 'Esta inscripción ya se ha completado en otra pestaña de este navegador.');
    await notSeen(tab2, /Plazas reservadas durante/);
    await notSeen(tab2, 'Registrarse Ahora');
    expect(await holdsOf(app, second)).toEqual([]);
    expect(await registrationsOf(app, second)).toHaveLength(1);
  });

  it('dos pestañas al llegar a cero: las dos dicen «Tiempo Agotado» y la reserva ya no existe', async () => {
    const { app, page, context } = e2e;
    const { eventId, first } = await twoDates();
    await context.clock.install();
    const { expiresAt } = await openWithHold(page, eventId);
    const tab2 = await context.newPage();
    const again = await openWithHold(tab2, eventId);
    expect(again.expiresAt).toBe(expiresAt);

    await context.clock.fastForward(Date.parse(expiresAt) - (await page.evaluate(() => Date.now())) + 1_000);
    await seeText(registrationArea(page), 'Tiempo Agotado');
    await seeText(registrationArea(tab2), 'Tiempo Agotado');
    await notSeen(tab2, 'Registrarse Ahora');
    await eventually(async () => expect(await holdsOf(app, first)).toEqual([]));
  });
});

describe('El reloj del servidor', () => {
  it('con el reloj del dispositivo 90 s atrasado, la cuenta atrás es la del servidor', async () => {
    const { app, page } = e2e;
    const { eventId, first } = await twoDates();
    await page.clock.install({ time: Date.now() - 90_000 });
    await openWithHold(page, eventId);
    const [held] = await holdsOf(app, first);
    const serverLeft = (held.expires_at.getTime() - Date.now()) / 1000;
    // On the device's clock alone it would show about 4:30.
    await eventually(async () => expect(Math.abs((await secondsShown(page)) - serverLeft)).toBeLessThanOrEqual(3));
    expect(await secondsShown(page)).toBeLessThanOrEqual(180);
  });

  it('red lenta a 0:02: la inscripción en curso no se suelta, no sale «Tiempo Agotado» y llega el éxito', async () => {
    const { app, page } = e2e;
    const { eventId, first } = await twoDates();
    await page.clock.install();
    const { expiresAt } = await openWithHold(page, eventId);
    await fillPerson(personScope(page, 0, false), newPerson());
    await consent(page).check();
    await page.clock.fastForward(Date.parse(expiresAt) - (await page.evaluate(() => Date.now())) - 2_000);
    await eventually(async () => expect(await secondsShown(page)).toBeLessThanOrEqual(2));

    let releases = 0;
    page.on('request', (r) => isRelease(r) && releases++);
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(/\/api\/events\/sessions\/\d+\/registrations$/, async (route) => {
      await held;
      await route.continue();
    });
    const answer = page.waitForResponse((r) => /\/registrations$/.test(r.url()));
    await page.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await seeText(page, 'Registrando...');
    // The countdown reaches zero while the answer is on its way: nothing changes, nothing is released.
    await page.clock.runFor(5_000);
    await eventually(async () => expect(await countdownText(page)).toMatch(/0:00$/));
    await notSeen(page, 'Tiempo Agotado');
    expect(releases).toBe(0);
    letThrough();
    expect((await answer).status()).toBe(201);
    await seeText(registrationArea(page), '¡Proceso Completado!');
    await notSeen(page, 'Tiempo Agotado');
    expect(releases).toBe(0);
    expect(await registrationsOf(app, first)).toHaveLength(1);
  });
});

describe('Un envío, una respuesta', () => {
  it('doble clic y dos envíos seguidos del formulario: una sola petición y el éxito', async () => {
    const { app, page } = e2e;
    const { eventId, first, second } = await twoDates();

    await openWithHold(page, eventId);
    const calls = countRegistrationCalls(page);
    await fillPerson(personScope(page, 0, false), newPerson());
    await consent(page).check();
    const answer = page.waitForResponse((r) => /\/registrations$/.test(r.url()));
    await page.getByRole('button', { name: 'Registrarse Ahora' }).dblclick();
    expect((await answer).status()).toBe(201);
    await seeText(registrationArea(page), '¡Proceso Completado!');
    await notSeen(page, /Ya existe una inscripción/);
    expect(calls()).toBe(1);
    expect(await registrationsOf(app, first)).toHaveLength(1);

    // Enter twice, as fast as it gets: two submits in the same task, before any re-render.
    const other = await e2e.newPage();
    await openWithHold(other, eventId);
    await chooseSession(other, second);
    await countdown(other).waitFor();
    const otherCalls = countRegistrationCalls(other);
    await fillPerson(personScope(other, 0, false), newPerson());
    await consent(other).check();
    const second201 = other.waitForResponse((r) => /\/registrations$/.test(r.url()));
    await other.locator('form').evaluate((f: HTMLFormElement) => {
      f.requestSubmit();
      f.requestSubmit();
    });
    expect((await second201).status()).toBe(201);
    await seeText(registrationArea(other), '¡Proceso Completado!');
    expect(otherCalls()).toBe(1);
    expect(await registrationsOf(app, second)).toHaveLength(1);
  });

  it('al recargar tras el éxito se ve la misma confirmación, sin formulario ni reserva nueva', async () => {
    const { app, page } = e2e;
    const { eventId, first } = await twoDates();
    const person = newPerson();

    await openWithHold(page, eventId);
    await fillPerson(personScope(page, 0, false), person);
    await consent(page).check();
    const body = await (await submitAndWait(page, 'Registrarse Ahora')).json();
    await seeText(registrationArea(page), '¡Proceso Completado!');

    let holdRequests = 0;
    page.on('request', (r) => isHoldRequest(r) && holdRequests++);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const result = registrationArea(page);
    await seeText(result, '¡Proceso Completado!');
    await seeText(result, `${person.firstName} ${person.lastName}: inscripción confirmada`);
    await seeText(result, `Te hemos enviado un correo a ${person.email}`);
    expect(body.reference).toMatch(/^R-\d{6,}$/);
    await seeText(result, body.reference);
    await seeText(result, 'Para cancelar o cambiar de fecha, usa el enlace «Cancelar inscripción» del correo');
    // Add to calendar: the server's .ics, and Google Calendar and Outlook links from the session's instants.
    const ics = await result.getByRole('link', { name: 'archivo .ics' }).getAttribute('href');
    expect(ics).toBe(`/api/events/sessions/${first}/calendar.ics?lang=es`);
    const file = await page.request.get(ics!);
    expect({ status: file.status(), type: file.headers()['content-type'] }).toEqual({
      status: 200,
      type: expect.stringContaining('text/calendar'),
    });
    const google = new URL((await result.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    const outlook = result.getByRole('link', { name: 'Outlook' });
    expect(await outlook.getAttribute('target')).toBe('_blank');
    const url = new URL((await outlook.getAttribute('href'))!);
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/action/compose');
    // The session's instants as the page got them (the public sessions read), in UTC.
    const sessions: { id: number; startsAt: string; endsAt: string }[] = await (
      await page.request.get(`/api/events/${eventId}/sessions`)
    ).json();
    const { startsAt, endsAt } = sessions.find((s) => s.id === first)!;
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('subject')).toBe(await page.getByRole('heading', { level: 1 }).textContent());
    expect([url.searchParams.get('startdt'), url.searchParams.get('enddt')]).toEqual([
      new Date(startsAt).toISOString(),
      new Date(endsAt).toISOString(),
    ]);
    expect(url.searchParams.get('body')).toBe(`Referencia: ${body.reference}`);
    await notSeen(page, 'Registrarse Ahora');
    await notSeen(page, /Plazas reservadas durante/);
    expect(holdRequests).toBe(0);
    expect(await holdsOf(app, first)).toEqual([]);
    await screenshot(page, 'booking-success-after-refresh');
  });
});
