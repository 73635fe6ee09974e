// axe-core (WCAG 2.0 A/AA, 2.1 AA) on every state of the public pages, with no serious or critical
// violation; and a booking made with the keyboard alone, with the focus visible at every step.
import {
  chooseSession,
  confirmCancellation,
  consent,
  fillPerson,
  openCancellation,
  openBooking,
  openWithHold,
  personScope,
  registrationArea,
  seeText,
  sessionGroup,
  submitAndWait,
} from './support/booking-page';
import { expectAccessible } from './support/axe';
import { MOBILE, setupE2E } from './support/e2e';
import { addSession, cancelPath, createEvent, eventWithSession, newPerson, registerViaApi } from './support/fixtures';

// The page's CSP allows only its own scripts: the injected axe-core needs the context to bypass it.
const e2e = setupE2E({ context: { bypassCSP: true } });

describe('Accesibilidad (axe-core)', () => {
  it('formulario de una persona (escritorio y 360 px), errores de validación, caja de error del servidor y éxito', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    const already = newPerson();
    await registerViaApi(app, sessionId, [already]);

    await openWithHold(page, eventId);
    await expectAccessible(page, 'formulario');

    const mobile = await e2e.newPage({ viewport: MOBILE, isMobile: true, hasTouch: true, bypassCSP: true });
    await openWithHold(mobile, eventId);
    await expectAccessible(mobile, 'formulario a 360 px');

    await page.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await seeText(page, 'Apellidos son requeridos');
    await expectAccessible(page, 'errores de validación');

    const form = personScope(page, 0, false);
    await fillPerson(form, already);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(409);
    await seeText(page, 'Error de registro:');
    await expectAccessible(page, 'caja «Error de registro:»');

    await fillPerson(form, newPerson());
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(201);
    await seeText(registrationArea(page), '¡Proceso Completado!');
    await expectAccessible(page, 'éxito');
  });

  it('dos personas, con el aviso de lista de espera', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    await openWithHold(page, eventId, '&attendees=2');
    await seeText(page, 'Registrarse para este evento (1 persona + acompañante)');
    await expectAccessible(page, 'dos personas');

    const waiting = await eventWithSession(app, { maxAttendees: 4, registered: 3, maxQueueSpots: 3 });
    await openWithHold(page, waiting.eventId, '&attendees=2');
    await seeText(page, 'Una persona será añadida a la lista de espera.');
    await expectAccessible(page, 'aviso de lista de espera');
  });

  it('sesión llena con lista de espera, sesión completa y sin sesiones', async () => {
    const { app, page } = e2e;
    const queue = await eventWithSession(app, { maxAttendees: 2, registered: 2, maxQueueSpots: 3 });
    await openBooking(page, queue.eventId);
    await chooseSession(page, queue.sessionId);
    await seeText(page, 'Evento completo - Lista de espera disponible');
    await expectAccessible(page, 'lista de espera');

    const full = await eventWithSession(app, { maxAttendees: 2, registered: 2, maxQueueSpots: 0 });
    await openBooking(page, full.eventId);
    await sessionGroup(page).waitFor();
    await expectAccessible(page, 'sesión completa');

    const { eventId } = await eventWithSession(app, { isRegistrationOpen: false });
    await openBooking(page, eventId);
    await seeText(registrationArea(page), 'Inscripciones Cerradas');
    await expectAccessible(page, 'inscripciones cerradas');
  });

  it('sesiones pasadas, la última plaza que se va (lista de espera), otra pestaña que completa y la caja de un 502', async () => {
    const { app, page, context } = e2e;
    const eventId = await createEvent(app);
    await addSession(app, eventId, { startsInHours: -30 });
    await addSession(app, eventId, { startedMinutesAgo: 20 });
    const last = await addSession(app, eventId, { maxAttendees: 1, maxQueueSpots: 3, startsInHours: 24 });
    await addSession(app, eventId, { startsInHours: 72 });
    await page.route('**/api/ticketholds', async (route) => {
      if (JSON.parse(route.request().postData() ?? '{}').eventSessionId === last)
        await registerViaApi(app, last, [newPerson()]);
      await route.continue();
    });
    await openBooking(page, eventId);
    await seeText(page, /Se acaban de ocupar las últimas plazas/);
    await seeText(page, 'Una persona será añadida a la lista de espera.');
    await expectAccessible(page, 'sesiones pasadas y última plaza ocupada');
    await page.unroute('**/api/ticketholds');

    const other = await eventWithSession(app);
    await openWithHold(page, other.eventId);
    const tab2 = await context.newPage();
    await openWithHold(tab2, other.eventId);
    await page.route(/\/api\/events\/sessions\/\d+\/registrations$/, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }),
    );
    await fillPerson(personScope(page, 0, false), newPerson());
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(502);
    await seeText(page, 'El servidor no está disponible en este momento.');
    await expectAccessible(page, 'caja de error de un 502');
    await page.unroute(/\/api\/events\/sessions\/\d+\/registrations$/);
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(201);
    await seeText(registrationArea(tab2), 'Esta inscripción ya se ha completado en otra pestaña');
    await expectAccessible(tab2, 'inscripción completada en otra pestaña');
  });

  it('«Tiempo Agotado»', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    await page.clock.install();
    const { expiresAt } = await openWithHold(page, eventId);
    await page.clock.fastForward(Date.parse(expiresAt) - (await page.evaluate(() => Date.now())) + 1_000);
    await seeText(page, 'Tiempo Agotado');
    await expectAccessible(page, 'Tiempo Agotado');
  });

  it('página de cancelación: lo que se cancelará y la confirmación', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app);
    const body = await registerViaApi(app, sessionId, [newPerson()]);
    await openCancellation(page, cancelPath(app, body.id));
    await page.getByRole('button', { name: 'Confirmar cancelación' }).waitFor();
    await expectAccessible(page, 'cancelación');
    await confirmCancellation(page);
    await seeText(page, 'Inscripción cancelada');
    await expectAccessible(page, 'cancelación confirmada');
  });
});

describe('Solo con el teclado', () => {
  it('se reserva con Tab, Espacio e Intro, y el foco se ve en cada control', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    const person = newPerson();
    const byLabel: Record<string, string> = {
      Nombre: person.firstName,
      Apellidos: person.lastName,
      'Correo electrónico': person.email,
      'Confirmar correo electrónico': person.confirmEmail,
      'DNI/NIE': person.userTaxId,
      'Teléfono (opcional)': person.telephoneNumber,
    };
    await openWithHold(page, eventId);
    const visited: string[] = [];
    const noFocusRing: string[] = [];

    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      const el = await page.evaluate(() => {
        const a = document.activeElement as HTMLInputElement | null;
        if (!a || a === document.body) return null;
        const label = a.id ? (document.querySelector(`label[for="${a.id}"]`)?.textContent ?? '') : '';
        const style = getComputedStyle(a);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
        return {
          tag: a.tagName.toLowerCase(),
          type: a.type ?? '',
          label: label.replace(/\s*\*\s*$/, '').trim(),
          text: (a.textContent ?? '').trim(),
          ring,
        };
      });
      if (!el) continue;
      const name = `${el.tag}${el.type ? `[${el.type}]` : ''} ${el.label || el.text}`.trim();
      visited.push(name);
      if (!el.ring) noFocusRing.push(name);
      if (el.tag === 'input' && el.type !== 'checkbox' && el.label in byLabel)
        await page.keyboard.type(byLabel[el.label]);
      else if (el.tag === 'input' && el.type === 'checkbox') await page.keyboard.press('Space');
      else if (el.tag === 'button' && el.text === 'Registrarse Ahora') {
        const answer = page.waitForResponse(
          (r) => r.url().includes('/registrations') && r.request().method() === 'POST',
        );
        await page.keyboard.press('Enter');
        expect((await answer).status()).toBe(201);
        break;
      }
    }

    expect(visited).toEqual(
      expect.arrayContaining([
        'input[checkbox] He leído y acepto la política de privacidad',
        'button[submit] Registrarse Ahora',
      ]),
    );
    expect(noFocusRing).toEqual([]);
    // The answer has arrived; the page shows the result in place of the form once React has rendered it.
    await seeText(registrationArea(page), '¡Proceso Completado!');
    await seeText(registrationArea(page), `${person.firstName} ${person.lastName}`);
    expect(await consent(page).count()).toBe(0);
  });
});
