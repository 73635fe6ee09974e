import { VISITOR_MESSAGES, MESSAGES, type VisitorLanguage } from '@evreg/contracts';
import { attendee, createSession, TestApp } from '@evreg/testing';

/** The API answers the visitor routes' refusals in the Accept-Language asked for (docs/domain.md, "Idiomas"): the
 * same status, code and body shape, the texts from that language's catalog, Content-Language saying which, and
 * Spanish when nothing supported is asked for. The back office's routes stay Spanish whatever is asked. */
describe('Visitor messages in the visitor language', () => {
  let app: TestApp;
  let full: number;

  beforeAll(async () => {
    app = await TestApp.start();
    // One place, held by someone else, no waiting list: every other hold is refused.
    ({ sessionId: full } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 0 }));
    expect((await hold(full, 'visitante-idiomas-primero', 'es')).status).toBe(200);
  });
  afterAll(() => app.close());

  function hold(sessionId: number, token: string, language?: string) {
    return app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots: 1, userId: null },
      headers: language ? { 'accept-language': language } : {},
    });
  }
  const text = (lang: VisitorLanguage, key: string) => VISITOR_MESSAGES[lang][key];

  it('a refused hold in ca, eu, gl and en: same status and code, the text of each catalog, Content-Language', async () => {
    const spanish = await hold(full, 'visitante-idiomas-es', 'es');
    expect(spanish.status).toBe(409);
    expect(spanish.body.message).toBe(MESSAGES.booking.holdFull);
    for (const lang of ['ca', 'eu', 'gl', 'en'] as const) {
      const res = await hold(full, `visitante-idiomas-${lang}`, lang);
      expect([lang, res.status, res.body]).toEqual([
        lang,
        409,
        { ...spanish.body, serverTime: expect.any(String), message: text(lang, 'booking.holdFull') },
      ]);
      expect(res.headers.get('content-language')).toBe(lang);
      expect(res.headers.get('vary')).toMatch(/accept-language/i);
    }
  });

  it('Spanish without the header, for an unsupported language, and by the weights of a browser header', async () => {
    expect((await hold(full, 'visitante-idiomas-sin')).body.message).toBe(MESSAGES.booking.holdFull);
    const french = await hold(full, 'visitante-idiomas-fr', 'fr-FR, de;q=0.8');
    expect(french.body.message).toBe(MESSAGES.booking.holdFull);
    expect(french.headers.get('content-language')).toBe('es');
    const weighted = await hold(full, 'visitante-idiomas-q', 'fr;q=0.9, en;q=0.5, gl-ES');
    expect(weighted.body.message).toBe(text('gl', 'booking.holdFull'));
  });

  it("a registration's validation errors per person, the title and the message in the language asked for", async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5 });
    const bad = attendee(901, { email: 'no-es-un-correo', confirmEmail: 'no-es-un-correo', userTaxId: '' });
    const ask = (lang: string) =>
      app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...bad },
        headers: { 'accept-language': lang, 'x-session-token': 'visitante-idiomas-registro' },
      });
    const spanish = await ask('es');
    expect(spanish.status).toBe(400);
    expect(spanish.body.attendeeErrors['0']).toEqual(
      expect.arrayContaining([MESSAGES.booking.emailInvalid, MESSAGES.booking.taxIdRequired]),
    );
    for (const lang of ['en', 'eu'] as const) {
      const res = await ask(lang);
      const keyOf = (spanishText: string) =>
        Object.entries(VISITOR_MESSAGES.es).find(([, t]) => t === spanishText)?.[0] ?? spanishText;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        ...spanish.body,
        message: text(lang, keyOf(spanish.body.message)),
        title: text(lang, keyOf(spanish.body.title)),
        attendeeErrors: { '0': spanish.body.attendeeErrors['0'].map((m: string) => text(lang, keyOf(m))) },
      });
      expect(res.body.attendeeErrors['0']).toContain(text(lang, 'booking.emailInvalid'));
    }
  });

  it('a used cancellation link and an unknown event answer in the language asked for', async () => {
    const link = await app.request('GET', '/api/registrations/cancellation/enlace-que-no-existe-0000000000', {
      headers: { 'accept-language': 'gl' },
    });
    expect(link.status).toBe(410);
    expect(link.body.message).toBe(text('gl', 'booking.cancelLinkInvalid'));
    const event = await app.request('GET', '/api/events/987654', { headers: { 'accept-language': 'ca' } });
    expect(event.status).toBe(404);
    expect(event.body.message).not.toBe(MESSAGES.events.notFound);
    expect(Object.values(VISITOR_MESSAGES.ca)).toContain(event.body.message);
  });

  it("the back office's routes stay Spanish whatever is asked", async () => {
    const token = await app.adminToken();
    const res = await app.request('GET', '/api/users/987654', { token, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(404);
    // A text the visitor catalogs have, left in Spanish on a staff route.
    expect(res.body.message).toBe(MESSAGES.generic.notFound);
    expect(res.headers.get('content-language')).toBeNull();
    const created = await app.request('POST', '/api/events', { token, body: {}, headers: { 'accept-language': 'en' } });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).not.toMatch(/required|not valid/);
  });
});
