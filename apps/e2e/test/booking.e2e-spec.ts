// Booking one and two people, the waiting list, and every state of the session selector (docs/product.md §2 "Public",
// 4, 7, 9), against the real API and database.
import {
  consent,
  countdownText,
  eventually,
  fillPerson,
  notSeen,
  openBooking,
  openWithHold,
  personScope,
  registrationArea,
  seeText,
  chooseSession,
  countdown,
  selectedSession,
  sessionGroup,
  sessionOptions,
  submitAndWait,
} from './support/booking-page';
import { MOBILE, setupE2E } from './support/e2e';
import {
  addSession,
  createEvent,
  eventWithSession,
  holdsOf,
  newPerson,
  ORGANIZER,
  registerViaApi,
  registrationsOf,
} from './support/fixtures';
import { screenshot } from './support/screenshots';
import { ticketShown } from './support/tickets';
import type { RegistrationResponse } from '@evreg/contracts';

const e2e = setupE2E();

describe('Reservar plaza', () => {
  it('una persona: sesión con plazas elegida, cuenta atrás, formulario y «¡Proceso Completado!»; attendees=1 sale de la dirección', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    const full = await addSession(app, eventId, {
      maxAttendees: 2,
      registered: 2,
      maxQueueSpots: 0,
      startsInHours: 48,
    });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10, registered: 3, startsInHours: 72 });
    const person = newPerson();

    const hold = await openWithHold(page, eventId, '&attendees=1');
    expect(new URL(page.url()).searchParams.has('attendees')).toBe(false);
    expect(new URL(page.url()).searchParams.get('eventId')).toBe(String(eventId));
    // The first session with free places, not the first one (full, no waiting list).
    expect(await selectedSession(page)).toBe(sessionId);
    expect(hold.spots).toBe(1);
    expect(await countdownText(page)).toMatch(/Plazas reservadas durante [0-9]+:[0-5][0-9]$/);
    await seeText(page, /7 disponibles/);
    expect(await holdsOf(app, sessionId)).toHaveLength(1);
    expect(await holdsOf(app, full)).toHaveLength(0);
    await seeText(page, 'Registrarse para este evento');
    await screenshot(page, 'booking-single');

    await fillPerson(personScope(page, 0, false), person);
    await consent(page).check();
    const answer = await submitAndWait(page, 'Registrarse Ahora');
    expect(answer.status()).toBe(201);

    const result = registrationArea(page);
    await seeText(result, '¡Proceso Completado!');
    await seeText(result, `${person.firstName} ${person.lastName}`);
    await seeText(result, /inscripción confirmada/);
    await notSeen(result, /lista de espera/);
    await notSeen(page, /Plazas reservadas durante/);
    await screenshot(page, 'booking-success');

    expect(await registrationsOf(app, sessionId)).toEqual([
      expect.objectContaining({ email: person.email, state: 0, queue_position: null }),
    ]);
    expect(await holdsOf(app, sessionId)).toHaveLength(0);
  });

  it('a 360 px de ancho el formulario se usa sin desplazamiento horizontal, las fechas se leen enteras y la casilla mide 24 px', async () => {
    const { app } = e2e;
    const eventId = await createEvent(app);
    await addSession(app, eventId, { maxAttendees: 2, registered: 2, maxQueueSpots: 0, startsInHours: 48 });
    await addSession(app, eventId, { maxAttendees: 2, registered: 2, maxQueueSpots: 3, startsInHours: 60 });
    await addSession(app, eventId, { startsInHours: 72 });
    const page = await e2e.newPage({ viewport: MOBILE, isMobile: true, hasTouch: true });
    await openWithHold(page, eventId);
    await seeText(page, 'Registrarse Ahora');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Every date with its state, whole (the closed select cut them: '…de 202', '(Completo)' hidden).
    const labels = await sessionGroup(page)
      .locator('label')
      .evaluateAll((els) =>
        els.map((l) => ({ text: (l.textContent ?? '').trim(), cut: l.scrollWidth > l.clientWidth + 1 })),
      );
    expect(labels.map((l) => l.cut)).toEqual([false, false, false]);
    expect(labels[0].text).toMatch(/ de 20\d\d - 10:00 \(Completo\)$/);
    expect(labels[1].text).toMatch(/\(Lista de Espera\)$/);
    for (const l of await sessionGroup(page)
      .getByText(/\((Completo|Lista de Espera)\)/)
      .all())
      expect(await l.isVisible()).toBe(true);
    const box = await consent(page).boundingBox();
    expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    await screenshot(page, 'booking-mobile-360');
  });

  it('la casilla de privacidad enlaza /privacy-policy.html, que se abre en otra pestaña y está en español', async () => {
    const { app, page, context } = e2e;
    const { eventId } = await eventWithSession(app);
    await openWithHold(page, eventId);
    const link = page.getByRole('link', { name: 'política de privacidad' });
    expect(await link.getAttribute('href')).toBe('/privacy-policy.html');
    const [policy] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await policy.waitForLoadState();
    expect(new URL(policy.url()).pathname).toBe('/privacy-policy.html');
    await policy.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    expect(await policy.locator('html').getAttribute('lang')).toBe('es');
    // The booking stays where it was, with its hold.
    expect(await consent(page).isChecked()).toBe(false);
    await seeText(page, 'Registrarse Ahora');
  });

  it('dos personas (attendees=2): título de acompañante, «Registrar Ambas Personas» y las dos con plaza', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, { maxAttendees: 10, registered: 2 });
    const [first, companion] = [newPerson(), newPerson()];

    const hold = await openWithHold(page, eventId, '&attendees=2');
    expect(hold.spots).toBe(2);
    expect(new URL(page.url()).searchParams.get('attendees')).toBe('2');
    await seeText(page, 'Registrarse para este evento (1 persona + acompañante)');
    await notSeen(page, /lista de espera\./);
    await screenshot(page, 'booking-two-people');

    await fillPerson(personScope(page, 0, true), first);
    await fillPerson(personScope(page, 1, true), companion);
    await consent(page).check();
    const answer = await submitAndWait(page, 'Registrar Ambas Personas');
    expect(answer.status()).toBe(201);

    const result = registrationArea(page);
    await seeText(result, '¡Proceso Completado!');
    for (const p of [first, companion]) {
      const line = await seeText(result, `${p.firstName} ${p.lastName}`);
      expect(await line.locator('xpath=ancestor::li[1]').textContent()).toMatch(/inscripción confirmada/);
    }
    // Each person's ticket: the server's QR image, which decodes to the code the answer gave them, and the code.
    const codes = ((await answer.json()) as RegistrationResponse).results.map((r) => r.ticketCode);
    for (const [i, p] of [first, companion].entries()) {
      const ticket = await ticketShown(page, result, `${p.firstName} ${p.lastName}`);
      expect(codes[i]).toMatch(/^\d+-[A-Z2-7]{26}$/);
      expect(ticket).toEqual({ decoded: codes[i], text: codes[i] });
    }
    await screenshot(page, 'booking-success-tickets');
    expect((await registrationsOf(app, sessionId)).map((r) => [r.email, r.state])).toEqual([
      [first.email, 0],
      [companion.email, 0],
    ]);
    expect(await holdsOf(app, sessionId)).toHaveLength(0);
  });

  it('dos personas con una sola plaza libre y lista de espera: aviso previo, una con plaza y otra en espera con su posición', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, {
      maxAttendees: 4,
      registered: 3,
      maxQueueSpots: 5,
      queued: 1,
    });
    const [first, companion] = [newPerson(), newPerson()];

    const hold = await openWithHold(page, eventId, '&attendees=2');
    expect(hold.spots).toBe(1);
    await seeText(page, 'Registrarse para este evento (1 persona + acompañante)');
    await seeText(page, 'Una persona será añadida a la lista de espera.');
    await screenshot(page, 'booking-waiting-list-banner');

    await fillPerson(personScope(page, 0, true), first);
    await fillPerson(personScope(page, 1, true), companion);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrar Ambas Personas')).status()).toBe(201);

    const result = registrationArea(page);
    await seeText(result, '¡Proceso Completado!');
    const firstLine = await seeText(result, `${first.firstName} ${first.lastName}`);
    const companionLine = await seeText(result, `${companion.firstName} ${companion.lastName}`);
    expect(await firstLine.locator('xpath=ancestor::li[1]').textContent()).toMatch(/inscripción confirmada/);
    expect(await companionLine.locator('xpath=ancestor::li[1]').textContent()).toMatch(
      /en lista de espera \(posición 2\)/,
    );
    expect((await registrationsOf(app, sessionId)).map((r) => [r.email, r.state, r.queue_position])).toEqual([
      [first.email, 0, null],
      [companion.email, 2, 2],
    ]);
  });
});

describe('Quién, qué y dónde', () => {
  it('organizador con sus contactos (también junto al consentimiento), precio, país en español, cómo llegar y título de la pestaña', async () => {
    const { app, page } = e2e;
    // Stored straight in the database, so the page's own cleaning (DOMPurify, a chunk of its own) is what's tested.
    const description =
      '<p>Trae <strong>ropa vieja</strong>.</p><img src="/x.png" onerror="window.__ataque = 1">' +
      '<script>window.__ataque = 2</script><a href="javascript:window.__ataque = 3">Más información</a>';
    const eventId = await createEvent(app, { title: 'Taller de cerámica', price: 7.5, country: 'Spain', description });
    await addSession(app, eventId);
    await openWithHold(page, eventId);
    const shown = page.locator('.description');
    await seeText(shown, 'Trae ropa vieja.');
    expect(await shown.locator('strong').textContent()).toBe('ropa vieja');
    expect(await shown.locator('img, script').count()).toBe(0);
    expect(await shown.getByText('Más información').getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __ataque?: number }).__ataque)).toBeUndefined();

    expect(await page.title()).toBe('Taller de cerámica · Inscripción');
    await seeText(page, '7,50 €');
    await seeText(page, /Calle de Alcalá 42, 28014 Madrid, España/);
    await notSeen(page, /Spain/);
    const map = page.getByRole('link', { name: /Cómo llegar/ }).first();
    const mapHref = new URL((await map.getAttribute('href')) ?? '');
    expect(mapHref.origin + mapHref.pathname).toBe('https://www.openstreetmap.org/search');
    expect(mapHref.searchParams.get('query')).toContain('Calle de Alcalá 42');

    const card = page.getByRole('article');
    await seeText(card, ORGANIZER.name);
    expect(await card.getByRole('link', { name: ORGANIZER.email }).getAttribute('href')).toBe(
      `mailto:${ORGANIZER.email}`,
    );
    expect(await card.getByRole('link', { name: ORGANIZER.phone }).getAttribute('href')).toBe('tel:+34910000000');
    expect(await card.getByRole('link', { name: 'losaustrias.example', exact: true }).getAttribute('href')).toBe(
      ORGANIZER.website,
    );
    // Near the privacy consent: the data controller the privacy text points to.
    await seeText(page.locator('form'), `Responsable del tratamiento: ${ORGANIZER.name}`);
    // Nothing is loaded from outside the page's own server.
    const outside = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name)
        .filter((u) => !u.startsWith(location.origin) && !u.startsWith('data:')),
    );
    expect(outside).toEqual([]);
  });

  it('evento gratuito, país como código ISO y un cartel que no carga se oculta', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { country: 'PT', imageUrl: '/uploads/no-existe.jpg' });
    await addSession(app, eventId);
    await openWithHold(page, eventId);
    await seeText(page, 'Gratuito');
    await seeText(page, /28014 Madrid, Portugal/);
    await eventually(async () => expect(await page.locator('img.banner').count()).toBe(0));
  });
});

describe('Nunca se ofrece lo que no se puede tener', () => {
  it('sesiones terminadas o empezadas: deshabilitadas con el motivo y nunca preseleccionadas; se elige la primera reservable', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    const ended = await addSession(app, eventId, { startsInHours: -30 });
    const started = await addSession(app, eventId, { startedMinutesAgo: 30 });
    const closed = await addSession(app, eventId, { startsInHours: 24, isRegistrationOpen: false });
    const bookable = await addSession(app, eventId, { startsInHours: 72 });

    await openWithHold(page, eventId);
    expect(await selectedSession(page)).toBe(bookable);
    const options = await sessionOptions(page);
    expect(options.map((o) => [o.label.replace(/^.* - \d\d:\d\d/, ''), o.disabled])).toEqual([
      [' (Finalizada)', true],
      [' (Ya ha comenzado)', true],
      [' (Inscripciones Cerradas)', true],
      ['', false],
    ]);
    for (const id of [ended, started, closed]) expect(await holdsOf(app, id)).toEqual([]);
    expect(await holdsOf(app, bookable)).toHaveLength(1);
    await screenshot(page, 'booking-past-sessions');

    // Only sessions that have started: nothing pre-selected, no hold, no form.
    const onlyPast = await createEvent(app);
    const running = await addSession(app, onlyPast, { startedMinutesAgo: 10 });
    await openBooking(page, onlyPast);
    await eventually(async () => expect(await sessionOptions(page)).toHaveLength(1));
    expect(await selectedSession(page)).toBeNull();
    await seeText(registrationArea(page), 'Inscripciones Cerradas');
    await notSeen(page, 'Registrarse Ahora');
    expect(await holdsOf(app, running)).toEqual([]);
  });

  it('una página abierta deja de ofrecer la sesión que ha empezado mientras tanto', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    await addSession(app, eventId, { startsInHours: 1 });
    await page.clock.install();
    await openWithHold(page, eventId);
    expect((await sessionOptions(page))[0]).toEqual({ label: expect.not.stringContaining('('), disabled: false });
    await page.clock.fastForward(61 * 60_000);
    await eventually(async () =>
      expect((await sessionOptions(page))[0]).toEqual({
        label: expect.stringContaining('(Ya ha comenzado)'),
        disabled: true,
      }),
    );
    await notSeen(page, 'Registrarse Ahora');
  });

  it('la última plaza se va entre la carga y la reserva: cifras al día y la lista de espera, con el formulario que lo dice', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const person = newPerson();
    // Another visitor takes the last seat just before this page's hold reaches the server.
    await page.route('**/api/ticketholds', async (route) => {
      await registerViaApi(app, sessionId, [newPerson()]);
      await route.continue();
    });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/ticketholds'));
    await openBooking(page, eventId);
    expect((await refused).status()).toBe(409);
    await seeText(page, /Se acaban de ocupar las últimas plazas de esta fecha\. Puedes apuntarte a la lista de espera/);
    await seeText(page, '0 disponibles');
    await seeText(page, 'Evento completo - Lista de espera disponible');
    await seeText(page, 'Una persona será añadida a la lista de espera.');
    await notSeen(page, /1 disponible\b/);
    await screenshot(page, 'booking-last-seat-gone');

    await fillPerson(personScope(page, 0, false), person);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(201);
    await seeText(registrationArea(page), /en lista de espera \(posición 1\)/);
    expect((await registrationsOf(app, sessionId)).map((r) => [r.email === person.email, r.state])).toEqual([
      [false, 0],
      [true, 2],
    ]);
  });

  it('la última plaza se va y no hay lista de espera: «elige otra fecha», sin un formulario que solo puede fallar', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    const sessionId = await addSession(app, eventId, { maxAttendees: 1, maxQueueSpots: 0, startsInHours: 24 });
    const later = await addSession(app, eventId, { startsInHours: 72 });
    await page.route('**/api/ticketholds', async (route) => {
      if (JSON.parse(route.request().postData() ?? '{}').eventSessionId === sessionId)
        await registerViaApi(app, sessionId, [newPerson()]);
      await route.continue();
    });
    await openBooking(page, eventId);
    await seeText(page, 'Ya no quedan plazas ni sitio en la lista de espera para esta fecha. Elige otra fecha.');
    await seeText(registrationArea(page), 'Evento Completo');
    await notSeen(page, 'Registrarse Ahora');
    await eventually(async () =>
      expect((await sessionOptions(page))[0]).toEqual({
        label: expect.stringMatching(/\(Completo\)$/),
        disabled: true,
      }),
    );
    await chooseSession(page, later);
    await countdown(page).waitFor();
    await seeText(page, 'Registrarse Ahora');
    await notSeen(page, /Elige otra fecha/);
  });
});

describe('Estados de las sesiones', () => {
  it('sesión llena con lista de espera: «Lista de Espera», «Evento completo - Lista de espera disponible», aviso y la persona en espera con su posición', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, {
      maxAttendees: 3,
      registered: 3,
      maxQueueSpots: 4,
      queued: 2,
    });
    const person = newPerson();

    await openBooking(page, eventId);
    await eventually(async () =>
      expect((await sessionOptions(page)).find((o) => o.label.includes('Lista de Espera'))).toMatchObject({
        disabled: false,
      }),
    );
    // The only date offered is chosen at once, though it has no free places (docs/booking.md): the form is there
    // without a click, and no places are held.
    await seeText(page, 'Evento completo - Lista de espera disponible');
    expect(await selectedSession(page)).toBe(sessionId);
    await seeText(page, 'Una persona será añadida a la lista de espera.');
    await notSeen(page, /Plazas reservadas durante/);
    expect(await holdsOf(app, sessionId)).toHaveLength(0);

    await fillPerson(personScope(page, 0, false), person);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(201);
    const result = registrationArea(page);
    await seeText(result, '¡Proceso Completado!');
    await seeText(result, /en lista de espera \(posición 3\)/);
    expect(await registrationsOf(app, sessionId)).toEqual([
      expect.objectContaining({ email: person.email, state: 2, queue_position: 3 }),
    ]);
  });

  it('dos fechas con solo lista de espera: ninguna elegida hasta que el visitante elige una', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    const full = { maxAttendees: 1, registered: 1, maxQueueSpots: 3 };
    const first = await addSession(app, eventId, { ...full, startsInHours: 48 });
    await addSession(app, eventId, { ...full, startsInHours: 96 });
    // A third date that can't be offered (closed) does not make the choice for the visitor either.
    await addSession(app, eventId, { startsInHours: 120, isRegistrationOpen: false });

    await openBooking(page, eventId);
    await seeText(registrationArea(page), 'Selecciona una fecha');
    expect(await selectedSession(page)).toBeNull();
    await chooseSession(page, first);
    await seeText(page, 'Una persona será añadida a la lista de espera.');
    expect(await holdsOf(app, first)).toHaveLength(0);
  });

  it('una fecha que otros llenan mientras la página está abierta pasa a «Lista de Espera» o «Completo» sin recargar', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    const mine = await addSession(app, eventId, { maxAttendees: 10, startsInHours: 48 });
    const waiting = await addSession(app, eventId, { maxAttendees: 1, maxQueueSpots: 5, startsInHours: 72 });
    const closing = await addSession(app, eventId, { maxAttendees: 2, maxQueueSpots: 0, startsInHours: 96 });

    await openWithHold(page, eventId);
    expect(await selectedSession(page)).toBe(mine);
    expect((await sessionOptions(page)).map((o) => o.label)).toEqual([
      expect.not.stringMatching(/\(/),
      expect.not.stringMatching(/\(/),
      expect.not.stringMatching(/\(/),
    ]);
    // Other visitors take every place of the two other dates.
    await registerViaApi(app, waiting, [newPerson()]);
    await registerViaApi(app, closing, [newPerson(), newPerson()]);

    await eventually(async () => {
      const [, second, third] = await sessionOptions(page);
      expect(second).toEqual({ label: expect.stringMatching(/\(Lista de Espera\)$/), disabled: false });
      expect(third).toEqual({ label: expect.stringMatching(/\(Completo\)$/), disabled: true });
    });
    // The visitor's own date and hold are untouched.
    expect(await selectedSession(page)).toBe(mine);
    await seeText(page, 'Registrarse Ahora');
    expect(await holdsOf(app, mine)).toHaveLength(1);
  });

  it('si una de esas consultas periódicas falla (sin conexión un momento), las fechas y el formulario siguen ahí', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    await openWithHold(page, eventId);
    await page.route(/\/api\/events\/\d+\/sessions/, (route) => route.abort('internetdisconnected'));
    await page.waitForEvent('requestfailed', {
      predicate: (r) => /\/api\/events\/\d+\/sessions/.test(r.url()),
      timeout: 40_000,
    });
    // Absence is asserted once the failed answer has had time to reach the page.
    await page.waitForTimeout(1_000);
    await notSeen(page, /No se han podido cargar las fechas/);
    expect(await selectedSession(page)).toBe(sessionId);
    await seeText(page, 'Registrarse Ahora');
    await page.unroute(/\/api\/events\/\d+\/sessions/);
  });

  it('sesión llena sin sitio en la lista: opción «Completo» deshabilitada y «Evento Completo»', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app, { maxAttendees: 2, registered: 2, maxQueueSpots: 1, queued: 1 });

    await openBooking(page, eventId);
    await eventually(async () =>
      expect(await sessionOptions(page)).toContainEqual({
        label: expect.stringMatching(/\(Completo\)$/),
        disabled: true,
      }),
    );
    // The visitor must be told why there is no form (docs/product.md §2 "Form states": 'Evento Completo').
    await eventually(
      async () => expect(await registrationArea(page).innerText()).toContain('Evento Completo'),
      5_000,
    ).finally(() => screenshot(page, 'booking-full'));
  });

  it('sesión con inscripciones cerradas: «Inscripciones Cerradas» en el selector y en el formulario, sin reserva', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app, { isRegistrationOpen: false });

    await openBooking(page, eventId);
    await eventually(async () =>
      expect(await sessionOptions(page)).toContainEqual({
        label: expect.stringContaining('Inscripciones Cerradas'),
        disabled: true,
      }),
    );
    await seeText(registrationArea(page), 'Inscripciones Cerradas');
    await notSeen(page, 'Registrarse Ahora');
    expect(await holdsOf(app, sessionId)).toHaveLength(0);
  });

  it('dos personas pedidas pero solo cabe una: el formulario pasa a una persona y lo dice', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app, { maxAttendees: 3, registered: 2, maxQueueSpots: 0 });

    await openWithHold(page, eventId, '&attendees=2');
    await seeText(page, 'Registrarse Ahora');
    await notSeen(page, 'Registrar Ambas Personas');
    await notSeen(page, 'Acompañante');
    await seeText(page, /una única inscripción|solo .*una persona/i);
  });

  it('sin sesiones, sin eventId, evento inexistente y ruta desconocida', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);

    await openBooking(page, eventId);
    await seeText(page, 'No hay sesiones disponibles para este evento.');

    await page.goto('/');
    await seeText(page, 'Evento no encontrado. Verifica la URL.');

    await page.goto('/?eventId=999999');
    await seeText(page, /^Error al cargar evento: el evento no existe/);

    await page.goto('/no/existe?x=1');
    await eventually(() => expect(new URL(page.url()).pathname).toBe('/'));
    await seeText(page, 'Evento no encontrado. Verifica la URL.');
  });
});
