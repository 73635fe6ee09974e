import {
  NetelipStub,
  SmtpCapture,
  TestApp,
  attendee,
  eventually,
  insertSession,
  useSmtp,
  type CapturedMail,
} from '@evreg/testing';
import { eventBody, expectValidationRefusal, longDate } from './support/http-helpers';

/** Languages on the data side (docs/domain.md, "Idiomas: datos"): the booking language stored from Accept-Language,
 * e-mails from the template in that language (Spanish where staff wrote none) with dates in its locale, SMS in it,
 * templates per language, events' translations validated and served per language with a Spanish fallback. */
describe('Languages of people, messages and content', () => {
  let smtp: SmtpCapture;
  let netelip: NetelipStub;
  let app: TestApp;
  let admin: string;
  let nextEvent = 7100;

  const catalanTemplate = {
    name: 'Confirmació',
    subject: 'Inscripció confirmada: {{eventTitle}}',
    htmlContent: '<p>Hola {{firstName}}, us esperem el {{eventDate}} a les {{eventTime}}.</p>',
    templateType: 0,
    language: 'ca',
    isActive: true,
  };

  /** A Live event made through the staff API (with its translations), and one session of it. */
  async function eventWithSession(translations?: object, session: { maxAttendees?: number } = {}) {
    const id = nextEvent++;
    const res = await app.request('POST', '/api/events', {
      token: admin,
      body: eventBody(id, { title: `Concierto ${id}`, ...(translations && { translations }) }),
    });
    expect(res.status).toBe(201);
    return { eventId: id, sessionId: await insertSession(app, id, session), event: res.body };
  }
  const register = (sessionId: number, people: object[], language?: string) =>
    app.request(
      'POST',
      people.length === 1
        ? `/api/events/sessions/${sessionId}/registrations`
        : `/api/events/sessions/${sessionId}/bulk-registrations`,
      {
        body:
          people.length === 1
            ? { eventSessionId: sessionId, ...people[0] }
            : { registrations: people.map((p) => ({ eventSessionId: sessionId, ...p })) },
        headers: language ? { 'accept-language': language } : {},
      },
    );
  const mailTo = async (address: string, subject: RegExp): Promise<CapturedMail> =>
    eventually(
      () => smtp.to(address).find((m) => subject.test(m.subject)),
      15_000,
      `e-mail to ${address}`,
    ) as Promise<CapturedMail>;
  /** The text part with its lines as written (the message carries CRLF). */
  const textOf = (mail: CapturedMail) => mail.text.replace(/\r\n/g, '\n');
  /** Staff switch a template off (the type then falls back to Spanish for that language). */
  const deactivate = async (t: { id: number; language: string; updatedAt: string } & Record<string, unknown>) => {
    const { name, subject, htmlContent, plainTextContent, templateType } = t;
    const res = await app.request('PUT', `/api/email-templates/${t.id}`, {
      token: admin,
      body: { name, subject, htmlContent, plainTextContent, templateType, isActive: false },
    });
    expect(res.status).toBe(200);
  };
  const languageOf = async (id: number) =>
    (await app.sql(`SELECT language FROM registrations WHERE id = $1`, [id]))[0].language;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    netelip = await NetelipStub.start();
    app = await TestApp.start({ env: { EMAIL_SWEEP_INTERVAL_MS: '300', NETELIP_BASE_URL: netelip.url } });
    admin = await app.adminToken();
    await useSmtp(app, admin, smtp);
    const sms = await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok-idiomas' },
    });
    expect(sms.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await netelip?.close();
  });

  it('templates per language: one active per type and language, the type answered in a language with the Spanish fallback, language fixed once saved', async () => {
    const created = await app.request('POST', '/api/email-templates', { token: admin, body: catalanTemplate });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ templateType: 0, language: 'ca', isActive: true });

    // It replaces the shipped Catalan default; the Spanish one and the other languages' stay active beside it.
    const list = await app.request('GET', '/api/email-templates', { token: admin });
    const active = list.body.filter(
      (t: { isActive: boolean; templateType: number }) => t.isActive && t.templateType === 0,
    );
    expect(active.map((t: { language: string }) => t.language)).toEqual(['es', 'ca', 'eu', 'gl', 'en']);
    expect(active.find((t: { language: string }) => t.language === 'ca').id).toBe(created.body.id);

    const inCatalan = await app.request('GET', '/api/email-templates/by-type/0?language=ca', { token: admin });
    expect(inCatalan.body).toMatchObject({ id: created.body.id, language: 'ca' });
    // Basque: its shipped default; once staff switch it off, the Spanish one.
    const inBasque = await app.request('GET', '/api/email-templates/by-type/0?language=eu', { token: admin });
    expect(inBasque.body).toMatchObject({ language: 'eu', name: 'Confirmación de inscripción (euskera)' });
    await deactivate(inBasque.body);
    const fallback = await app.request('GET', '/api/email-templates/by-type/0?language=eu', { token: admin });
    expect(fallback.body).toMatchObject({ language: 'es', name: 'Confirmación de inscripción' });

    const unknown = await app.request('POST', '/api/email-templates', {
      token: admin,
      body: { ...catalanTemplate, language: 'fr' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ language: ['El idioma de la plantilla debe ser es, ca, eu, gl o en'] });
    const moved = await app.request('PUT', `/api/email-templates/${created.body.id}`, {
      token: admin,
      body: { ...catalanTemplate, language: 'gl' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ language: ['El idioma de la plantilla no se puede cambiar al editar'] });
  });

  it('a booking in Catalan is stored in Catalan (companion too) and confirmed with the Catalan template, title and dates; one in Basque gets the Spanish template', async () => {
    const { sessionId, eventId } = await eventWithSession({ ca: { title: 'Concert de tardor' } });
    const holder = attendee(7201);
    const companion = attendee(7202);
    const res = await register(sessionId, [holder, companion], 'ca-ES,ca;q=0.9,es;q=0.8');
    expect(res.status).toBe(201);
    const ids = res.body.results.map((r: { registrationId: number }) => r.registrationId);
    expect(await Promise.all(ids.map(languageOf))).toEqual(['ca', 'ca']);

    const mail = await mailTo(holder.email, /^Inscripció confirmada/);
    expect(mail.subject).toBe('Inscripció confirmada: Concert de tardor');
    const [session] = await app.sql(`SELECT starts_at FROM event_sessions WHERE id = $1`, [sessionId]);
    const catalanDate = longDate('ca-ES', session.starts_at);
    expect(mail.html).toContain(`us esperem el ${catalanDate} a les`);
    const ics = mail.attachments.find((a) => a.filename === 'evento.ics')!;
    expect(ics.content.replace(/\r\n /g, '')).toContain('SUMMARY:Concert de tardor');

    // Basque: no active Basque template (switched off above), so the Spanish one with the Spanish title and a
    // Spanish date.
    const basque = attendee(7203);
    expect((await register(sessionId, [basque], 'eu')).status).toBe(201);
    const fallback = await mailTo(basque.email, /^Inscripción confirmada/);
    expect(fallback.subject).toBe(`Inscripción confirmada: Concierto ${eventId}`);
    const spanishDate = longDate('es-ES', session.starts_at);
    expect(fallback.html).toContain(spanishDate);

    // Staff see it; the GDPR export carries it.
    const list = await app.request('GET', `/api/events/sessions/${sessionId}/registrations`, { token: admin });
    expect(list.body.map((r: { language: string }) => r.language)).toEqual(['ca', 'ca', 'eu']);
    const gdpr = await app.request('GET', `/api/admin/gdpr/export/${encodeURIComponent(holder.email)}`, {
      token: admin,
    });
    expect(gdpr.body.registrations).toEqual([expect.objectContaining({ language: 'ca' })]);
  });

  it('the promotion SMS goes out in the booking language with the translated title; a Spanish booking gets it in Spanish', async () => {
    const { sessionId } = await eventWithSession({ en: { title: 'Autumn concert' } }, { maxAttendees: 2 });
    const seated = [
      await register(sessionId, [attendee(7301, { telephoneNumber: null })]),
      await register(sessionId, [attendee(7304, { telephoneNumber: null })]),
    ];
    const english = await register(sessionId, [attendee(7302, { telephoneNumber: '600730200' })], 'en-GB,en;q=0.9');
    const spanish = await register(sessionId, [attendee(7303, { telephoneNumber: '600730300' })]);
    expect([english.body.queued, spanish.body.queued]).toEqual([true, true]);
    expect(await languageOf(english.body.id)).toBe('en');
    expect(await languageOf(spanish.body.id)).toBe('es');

    // Two seats free up: both waiting people are promoted, each told in their language.
    for (const s of seated)
      expect((await app.request('POST', `/api/registrations/${s.body.id}/cancel`, { token: admin })).status).toBe(200);
    const sms = await eventually(async () => {
      const rows = await app.sql<{ phone_number: string; message: string; status: number }>(
        `SELECT phone_number, message, status FROM sms_messages WHERE session_id = $1 ORDER BY id`,
        [sessionId],
      );
      return rows.length === 2 && rows.every((r) => r.status === 1) && rows;
    }, 15_000);
    const byPhone = Object.fromEntries(sms.map((r) => [r.phone_number, r.message]));
    expect(byPhone['600730200']).toMatch(
      /^Good news: you have a place\. You have moved from the waiting list to registered for\nAutumn concert: \d\d\/\d\d\/\d{4} 10:00$/,
    );
    expect(byPhone['600730300']).toMatch(/^Buenas noticias: ya tiene plaza\..*\nConcierto \d+: /s);
    expect(netelip.requests.map((r) => r.message).sort()).toEqual(Object.values(byPhone).sort());
  });

  it('a person who booked in English with an English template gets an English e-mail throughout; with the Spanish fallback the added lines stay Spanish', async () => {
    const english = {
      name: 'Confirmation',
      subject: 'Registration confirmed: {{eventTitle}}',
      // Neither the organiser nor the ticket: the code adds both.
      htmlContent: '<html><body><p>Hello {{firstName}}, see you on {{eventDate}}.</p></body></html>',
      templateType: 0,
      language: 'en',
      isActive: true,
    };
    expect((await app.request('POST', '/api/email-templates', { token: admin, body: english })).status).toBe(201);
    // The Queue type has a Spanish template only (one without the organiser, so the footer is added): staff
    // switched off the shipped English one.
    await deactivate((await app.request('GET', '/api/email-templates/by-type/1?language=en', { token: admin })).body);
    const spanishQueue = {
      name: 'Lista de espera sin organizador',
      subject: 'En lista de espera: {{eventTitle}}',
      htmlContent: '<p>Hola {{firstName}}, estás en la lista de espera (posición {{queuePosition}}).</p>',
      templateType: 1,
      language: 'es',
      isActive: true,
    };
    expect((await app.request('POST', '/api/email-templates', { token: admin, body: spanishQueue })).status).toBe(201);
    const { sessionId, eventId } = await eventWithSession({ en: { title: 'Winter concert' } }, { maxAttendees: 1 });

    const seated = attendee(7401);
    expect((await register(sessionId, [seated], 'en-GB,en;q=0.9')).status).toBe(201);
    const mail = await mailTo(seated.email, /^Registration confirmed/);
    expect(mail.subject).toBe('Registration confirmed: Winter concert');
    const text = textOf(mail);
    const code = /Your ticket: (\S+)\n/.exec(text)?.[1];
    expect(code).toBeTruthy();
    expect(text).toContain(
      `Your ticket: ${code}\nShow the QR code in the HTML version of this email at the event entrance, or read out this code.`,
    );
    expect(text).toContain('Organiser: Ayuntamiento');
    expect(mail.html).toContain(
      '<p><strong>Your ticket</strong><br>Show this QR code at the event entrance (or read out the code if you cannot show it):</p>',
    );
    expect(mail.html).toContain(`alt="QR code of ticket ${code}"`);
    expect(mail.html).toMatch(/Organiser: Ayuntamiento<\/p>\r?\n<\/body>/);
    for (const spanish of ['Organiza', 'Tu entrada', 'Código QR', 'Muestra', 'Para cancelar'])
      expect(mail.text + mail.html).not.toContain(spanish);
    const ics = mail.attachments.find((a) => a.filename === 'evento.ics')!.content.replace(/\r\n /g, '');
    expect(ics).toContain('DESCRIPTION:To cancel your registration: ');

    // No English Queue template: the Spanish one, with the Spanish title and the Spanish footer (not an English
    // line under a Spanish text).
    const queued = attendee(7402);
    expect((await register(sessionId, [queued], 'en')).status).toBe(201);
    const queueMail = await mailTo(queued.email, /^En lista de espera/);
    expect(queueMail.subject).toBe(`En lista de espera: Concierto ${eventId}`);
    expect(queueMail.text).toContain('Organiza: Ayuntamiento');
    expect(queueMail.text + queueMail.html).not.toContain('Organiser');
  });

  it('a cancellation is confirmed in the language the person booked in (title and date too); a Spanish booking keeps the Spanish text', async () => {
    const { sessionId, eventId } = await eventWithSession({ ca: { title: 'Concert de Nadal' } });
    const catalan = attendee(7501, { firstName: 'Jordi' });
    const spanish = attendee(7502, { firstName: 'Lucía' });
    const ids = [(await register(sessionId, [catalan], 'ca')).body.id, (await register(sessionId, [spanish])).body.id];
    for (const id of ids)
      expect((await app.request('POST', `/api/registrations/${id}/cancel`, { token: admin })).status).toBe(200);
    const [session] = await app.sql(`SELECT starts_at FROM event_sessions WHERE id = $1`, [sessionId]);
    const day = (locale: string) => longDate(locale, session.starts_at);

    const inCatalan = await mailTo(catalan.email, /cancel·lada/);
    expect(inCatalan.subject).toBe('Inscripció cancel·lada: Concert de Nadal');
    expect(textOf(inCatalan)).toMatch(
      new RegExp(
        `^Hola, Jordi:\\n\\nS'ha cancel·lat la teva inscripció a Concert de Nadal \\(${day('ca-ES')}, \\d\\d:\\d\\d\\)\\. ` +
          `Si eres a la llista d'espera, ja no en formes part\\.\\n\\n` +
          `Si no t'ho esperaves, et pots tornar a inscriure mentre quedin places\\.\\n\\nOrganitza: Ayuntamiento\\s*$`,
      ),
    );
    expect(inCatalan.html).toContain('<p>Hola, Jordi:</p>');

    const inSpanish = await mailTo(spanish.email, /^Inscripción cancelada/);
    expect(inSpanish.subject).toBe(`Inscripción cancelada: Concierto ${eventId}`);
    expect(textOf(inSpanish)).toMatch(
      new RegExp(
        `^Hola Lucía,\\n\\nTu inscripción en Concierto ${eventId} \\(${day('es-ES')}[^)]*\\) ha sido cancelada\\. ` +
          `Si estabas en la lista de espera, ya no formas parte de ella\\.\\n\\n` +
          `Si no lo esperabas, puedes volver a inscribirte mientras queden plazas\\.\\n\\nOrganiza: Ayuntamiento\\s*$`,
      ),
    );
  });

  it('blacklist notices go out in the booking language: the e-mail, the SMS, and the notice after a refused booking in the refused request language', async () => {
    const { eventId, sessionId } = await eventWithSession();
    const english = attendee(7601);
    const catalan = attendee(7602, { telephoneNumber: '600760200' });
    expect((await register(sessionId, [english], 'en')).status).toBe(201);
    expect((await register(sessionId, [catalan], 'ca')).status).toBe(201);
    const blacklist = (email: string, notificationType: number, phoneNumber?: string) =>
      app.request('POST', '/api/blacklists', {
        token: admin,
        body: {
          eventId,
          eventSessionId: sessionId,
          email,
          blackListReason: 0,
          notificationType,
          expiresAt: '2099-12-31',
          ...(phoneNumber && { phoneNumber }),
        },
      });
    expect((await blacklist(english.email, 1)).status).toBe(201);
    expect((await blacklist(catalan.email, 0, '600760200')).status).toBe(201);

    const notice = await mailTo(english.email, /^About your registrations$/);
    expect(textOf(notice)).toContain(
      `Hello Nombre7601,\n\nWe are writing to let you know that you will not be able to register for new events until 31 December 2099.\n` +
        `Reason: No-show (Concierto ${eventId}).\n\nIf you think this is a mistake, please contact the organisers.`,
    );
    const [sms] = await eventually(
      () => app.sql<{ message: string }>(`SELECT message FROM sms_messages WHERE phone_number = '600760200'`),
      10_000,
    );
    expect(sms.message).toBe(
      "Avís: les vostres inscripcions als nostres esdeveniments queden bloquejades fins al dia 31/12/2099. Motiu: No s'hi va presentar.",
    );

    // Turned away from another session while booking in English: told why, in English.
    const other = await eventWithSession({ en: { title: 'Pottery workshop' } });
    expect((await register(other.sessionId, [english], 'en')).status).toBe(403);
    const refused = await mailTo(english.email, /^Registration not completed$/);
    expect(textOf(refused)).toContain(
      'We received a registration request for Pottery workshop from this email address and it could not be completed: ' +
        'you will not be able to register for new events until 31 December 2099.\nReason: No-show.\n\n' +
        'If this was not you, there is nothing you need to do.',
    );
  });

  it('public reads answer the event in the Accept-Language language, Spanish where a translation is missing, keyed and varied by language', async () => {
    const { eventId } = await eventWithSession({
      en: { title: 'Spring concert' },
      gl: { title: 'Concerto de primavera', description: '<p>Unha <strong>descrición</strong><script>x</script></p>' },
    });
    const read = (language?: string) =>
      app.request('GET', `/api/events/${eventId}`, { headers: language ? { 'accept-language': language } : {} });

    const spanish = await read();
    const english = await read('en-GB,en;q=0.9');
    const catalan = await read('ca');
    const galician = await read('gl');
    expect(spanish.body.title).toBe(`Concierto ${eventId}`);
    // The English translation has no description: Spanish fills it in.
    expect(english.body).toMatchObject({ title: 'Spring concert', description: spanish.body.description });
    expect(catalan.body).toMatchObject({ title: `Concierto ${eventId}`, description: spanish.body.description });
    // Translated descriptions are sanitised as the Spanish one is.
    expect(galician.body.description).toBe('<p>Unha <strong>descrición</strong></p>');
    expect(String(english.headers.get('vary')).toLowerCase()).toContain('accept-language');
    // Each language its own entry of the micro-cache and its own ETag.
    expect((await read('en')).body.title).toBe('Spring concert');
    expect(english.headers.get('etag')).not.toBe(spanish.headers.get('etag'));

    const sessions = await app.request('GET', `/api/events/${eventId}/sessions?showEventDetails=true`, {
      headers: { 'accept-language': 'en' },
    });
    expect(sessions.body[0].event.title).toBe('Spring concert');

    // The session's calendar file: title and description in the language asked for.
    const calendar = async (language?: string, query = '') =>
      (
        (
          await app.request('GET', `/api/events/sessions/${sessions.body[0].id}/calendar.ics${query}`, {
            headers: language ? { 'accept-language': language } : {},
          })
        ).body as string
      ).replace(/\r\n /g, '');
    const englishIcs = await calendar('en');
    expect(englishIcs).toContain('SUMMARY:Spring concert');
    expect(englishIcs).toMatch(
      /DESCRIPTION:Organiser: Ayuntamiento\\nRegistration: http\S+\/\?eventId=\d+&lang=en\r\n/,
    );
    expect(await calendar()).toMatch(
      /DESCRIPTION:Organiza: Ayuntamiento\\nInscripciones: http\S+\/\?eventId=\d+&lang=es\r\n/,
    );
    // A download link can't choose its headers: ?lang= (the booking page's language) wins over Accept-Language, and a
    // value that is not one of the five is ignored.
    expect(await calendar('es-ES', '?lang=en')).toContain('SUMMARY:Spring concert');
    expect(await calendar('en', '?lang=es')).toMatch(/SUMMARY:Concierto \d+\r\n/);
    expect(await calendar('en', '?lang=fr')).toContain('SUMMARY:Spring concert');

    // Staff read the translations as stored.
    const staff = await app.request('GET', `/api/events/${eventId}`, { token: admin });
    expect(staff.body.translations).toEqual({
      en: { title: 'Spring concert' },
      gl: { title: 'Concerto de primavera', description: '<p>Unha <strong>descrición</strong></p>' },
    });
  });

  it('refuses translations in an unknown language, with unknown fields or wrong types, naming the field, and writes nothing', async () => {
    const { eventId } = await eventWithSession();
    const put = (translations: unknown) => eventBody(eventId, { title: `Concierto ${eventId}`, translations });
    const path = `/api/events/${eventId}`;
    await expectValidationRefusal(app, admin, 'PUT', path, put({ fr: { title: 'Concert' } }), {
      'translations.fr':
        'translations.fr: idioma no admitido (solo ca, eu, gl o en; el español es el título y la descripción del evento)',
    });
    await expectValidationRefusal(app, admin, 'PUT', path, put({ en: { title: 5, subtitle: 'x' } }), {
      'translations.en.title': 'translations.en.title debe ser un texto',
      'translations.en.subtitle': 'translations.en.subtitle: campo no admitido (solo title y description)',
    });
    await expectValidationRefusal(app, admin, 'PUT', path, put(['ca']), {
      translations: 'translations debe ser un objeto con los idiomas ca, eu, gl o en',
    });
  });
});
