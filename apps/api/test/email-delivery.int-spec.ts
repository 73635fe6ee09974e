import { EmailDeliveryService } from '../src/modules/email/email-delivery.service';
import { attendee, createSession } from '@evreg/testing';
import { type CapturedMail, SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

const madridDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const madridTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The link of the e-mail's HTML (entities undone, as a browser reads the attribute). */
function cancelLink(mail: CapturedMail): string {
  const href = /href="([^"]*\/cancel\?token[^"]*)"/.exec(mail.html)?.[1] ?? '';
  return href.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
}

/** The booking engine's messages reach a real SMTP server through the job queue: the right template, the values
 * filled and escaped, a working cancellation link, an .ics file; retries while the server is down, no duplicates. */
describe('E-mail delivery', () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let admin: string;

  const register = (sessionId: number, body: object) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...body },
    });
  const messages = (sessionId: number) =>
    app.sql(
      `SELECT id::int, email_type, email_address, status, attempts, error_message, sent_at FROM email_messages WHERE session_id = $1 ORDER BY id`,
      [sessionId],
    );

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    app = await TestApp.start({
      env: {
        EMAIL_SWEEP_INTERVAL_MS: '300',
        EMAIL_RETRY_BASE_MS: '100',
        EMAIL_MAX_ATTEMPTS: '4',
        PUBLIC_BASE_URL: 'http://reservas.test',
      },
    });
    admin = await app.adminToken();
    await useSmtp(app, admin, smtp, { baseUrl: 'https://reservas.example.com/' });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it('a public registration sends exactly one e-mail: the Registration template, escaped values, a working cancel link and an .ics file', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5 });
    await app.sql(
      `UPDATE events SET title = 'Concierto & Co', place = 'Teatro Real', address = 'Plaza de Isabel II', city = 'Madrid',
                         organizer_name = 'Teatros & Auditorios', organizer_email = 'taquilla@teatros.example.es',
                         organizer_phone = '915 000 000', organizer_website = NULL
        WHERE id = (SELECT event_id FROM event_sessions WHERE id = $1)`,
      [sessionId],
    );
    // 18:00-20:00 in Madrid three days ahead, whatever the hour of the run: a session crossing midnight would print
    // its end with its own date, which this test does not ask about.
    await app.sql(
      `UPDATE event_sessions
          SET starts_at = (date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') + interval '3 days 18 hours') AT TIME ZONE 'Europe/Madrid',
              ends_at = (date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') + interval '3 days 20 hours') AT TIME ZONE 'Europe/Madrid'
        WHERE id = $1`,
      [sessionId],
    );
    const person = attendee(501, { firstName: 'Ana <b>&' });
    const res = await register(sessionId, person);
    expect(res.status).toBe(201);
    expect(res.body.reference).toBe(`R-${String(res.body.id).padStart(6, '0')}`);

    const [mail] = await eventually(
      () => smtp.to(person.email).length && smtp.to(person.email),
      10_000,
      'registration e-mail',
    );
    await eventually(async () => (await messages(sessionId))[0]?.status === 1);
    expect(smtp.to(person.email)).toHaveLength(1);
    expect(mail.from).toBe('inscripciones@example.com');
    expect(mail.headers.from).toContain('inscripciones@example.com');
    expect(mail.subject).toBe('Inscripción confirmada: Concierto & Co');

    // The HTML part escapes what the person typed; the text part has it as typed.
    expect(mail.html).toContain('Hola Ana &lt;b&gt;&amp;,');
    expect(mail.html).not.toContain('Ana <b>&');
    expect(mail.html).toContain('<strong>Concierto &amp; Co</strong>');
    expect(mail.text).toContain('Hola Ana <b>&,');
    const [session] = await app.sql(`SELECT starts_at, ends_at FROM event_sessions WHERE id = $1`, [sessionId]);
    expect(mail.html).toContain(madridDate.format(session.starts_at));
    expect(mail.html).toContain(`${madridTime.format(session.starts_at)} - ${madridTime.format(session.ends_at)}`);
    expect(mail.html).toContain('Teatro Real, Plaza de Isabel II, Madrid');
    // The booking reference and the organiser with their contact, from the default template (never edited).
    expect(mail.html).toContain(`<li><strong>Referencia:</strong> ${res.body.reference}</li>`);
    expect(mail.html).toContain(
      '<li><strong>Organiza:</strong> Teatros &amp; Auditorios · taquilla@teatros.example.es · 915 000 000</li>',
    );
    expect(mail.text).toMatch(new RegExp(`\nReferencia: ${res.body.reference}\r?\n`));
    expect(mail.text).toMatch(/\nOrganiza: Teatros & Auditorios · taquilla@teatros\.example\.es · 915 000 000\r?\n/);
    expect(mail.text.match(/Organiza:/g)).toHaveLength(1);

    // The link uses the settings' baseUrl and works.
    const link = cancelLink(mail);
    expect(link).toMatch(
      new RegExp(`^https://reservas\\.example\\.com/cancel\\?token=${res.body.id}-[\\w-]{32}&lang=es$`),
    );
    expect(mail.text).toContain(link);
    const preview = await app.request(
      'GET',
      `/api/registrations/cancellation/${new URL(link).searchParams.get('token')}`,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      registrationId: res.body.id,
      firstName: 'Ana <b>&',
      eventTitle: 'Concierto & Co',
    });

    // The .ics and the ticket's QR image (tickets.int-spec.ts decodes it).
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual(['entrada.png', 'evento.ics']);
    const ics = mail.attachments.find((a) => a.filename === 'evento.ics')!;
    expect(ics.filename).toBe('evento.ics');
    expect(ics.contentType).toMatch(/^text\/calendar/);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics.content).toContain('BEGIN:VEVENT');
    expect(ics.content).toContain('SUMMARY:Concierto & Co');
    expect(ics.content).toContain(`DTSTART:${utc(session.starts_at)}`);
    expect(ics.content).toContain(`DTEND:${utc(session.ends_at)}`);
    expect(ics.content).toContain('LOCATION:Teatro Real\\, Plaza de Isabel II\\, Madrid');
    expect(ics.content).toContain('ORGANIZER;CN="Teatros & Auditorios":MAILTO:taquilla@teatros.example.es\r\n');

    const [row] = await messages(sessionId);
    expect(row).toMatchObject({ email_type: 'Registration', status: 1, attempts: 1, error_message: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('a queued person gets the Queue template with their position, and no calendar file', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    expect((await register(sessionId, attendee(511))).status).toBe(201);
    const queued = await register(sessionId, attendee(512));
    expect(queued.body).toMatchObject({ queued: true, queuePosition: 1 });
    expect(queued.body.reference).toBe(`R-${String(queued.body.id).padStart(6, '0')}`);

    const [mail] = await eventually(() => smtp.to(attendee(512).email).length && smtp.to(attendee(512).email));
    expect(mail.subject).toMatch(/^Estás en la lista de espera: /);
    expect(mail.html).toContain('Tu posición en la lista: <strong>1</strong>');
    expect(mail.text).toContain('Tu posición en la lista: 1');
    expect(mail.text).toContain(`Referencia: ${queued.body.reference}`);
    expect(mail.attachments).toEqual([]);
    expect(cancelLink(mail)).toMatch(new RegExp(`/cancel\\?token=${queued.body.id}-`));
  });

  it('cancelling a seated person e-mails them, promotes the first waiting person and sends them the Promotion e-mail', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    await app.sql(
      `UPDATE events SET organizer_name = 'Casa de Cultura', organizer_website = 'https://cultura.example.es' WHERE id = $1`,
      [eventId],
    );
    const seated = await register(sessionId, attendee(521));
    const waiting = await register(sessionId, attendee(522));
    expect(waiting.body.queued).toBe(true);
    await eventually(() => smtp.to(attendee(522).email).length === 1);

    const cancelled = await app.request('POST', `/api/registrations/${seated.body.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);

    const promoted = await eventually(
      () => smtp.to(attendee(522).email).length === 2 && smtp.to(attendee(522).email)[1],
    );
    expect(promoted.subject).toMatch(/^¡Tienes plaza! /);
    expect(promoted.html).toContain('ya es tuya');
    expect(promoted.attachments.map((a) => a.filename).sort()).toEqual(['entrada.png', 'evento.ics']);
    expect(cancelLink(promoted)).toMatch(new RegExp(`/cancel\\?token=${waiting.body.id}-`));

    const cancellation = await eventually(
      () => smtp.to(attendee(521).email).length === 2 && smtp.to(attendee(521).email)[1],
    );
    expect(cancellation.subject).toMatch(/^Inscripción cancelada: /);
    expect(cancellation.text).toContain('ha sido cancelada');
    // A built-in message names the organiser too.
    expect(cancellation.text).toMatch(/\n\r?\nOrganiza: Casa de Cultura · https:\/\/cultura\.example\.es$/);
    expect(cancellation.html).toContain('Organiza: Casa de Cultura · https://cultura.example.es');
    expect(promoted.text).toMatch(/\nOrganiza: Casa de Cultura · https:\/\/cultura\.example\.es\r?\n/);

    await eventually(async () => (await messages(sessionId)).every((m) => m.status === 1));
    expect((await messages(sessionId)).map((m) => `${m.email_type} ${m.email_address}`)).toEqual([
      `Registration ${attendee(521).email}`,
      `Queue ${attendee(522).email}`,
      // Recorded in the cancellation's transaction, the promotion first: the seat is given back before the row is
      // marked cancelled (docs/domain.md, the webhook bodies' counters).
      `Promotion ${attendee(522).email}`,
      `Cancellation ${attendee(521).email}`,
    ]);
  });

  it('blacklisting a person by e-mail tells them, with the date and the reason', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 5 });
    const person = attendee(525, { firstName: 'Rosa' });
    expect((await register(sessionId, person)).status).toBe(201);
    const res = await app.request('POST', '/api/blacklists', {
      token: admin,
      body: {
        eventId,
        eventSessionId: sessionId,
        email: person.email,
        blackListReason: 0,
        notificationType: 1,
        expiresAt: '2099-12-31',
        blackListReasonDesc: 'nota interna',
      },
    });
    expect(res.status).toBe(201);
    const mail = await eventually(() =>
      smtp.to(person.email).find((m) => m.subject === 'Aviso sobre tus inscripciones'),
    );
    expect(mail.text).toContain('Hola Rosa,');
    expect(mail.text).toContain('no podrás inscribirte en nuevos eventos hasta el 31 de diciembre de 2099');
    expect(mail.text).toContain('Motivo: No Show');
    expect(mail.text).not.toContain('nota interna');
  });

  it('delivers staff notifications: a written message (escaped) or a chosen template', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5 });
    const person = attendee(527, { firstName: 'Luis' });
    expect((await register(sessionId, person)).status).toBe(201);
    const [waitingTemplate] = await app.sql(`SELECT id FROM email_templates WHERE template_type = 1 AND is_active`);
    await app.sql(
      `INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
       SELECT 'Notification', r.id, s.event_id, r.session_id, r.email, r.first_name, r.user_tax_id, d.data
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id,
              (VALUES (jsonb_build_object('subject', 'Cambio de sala', 'message', 'La sala será la <2> & no la 1')), (jsonb_build_object('templateId', $2::int))) AS d(data)
        WHERE r.session_id = $1`,
      [sessionId, waitingTemplate.id],
    );
    const written = await eventually(() => smtp.to(person.email).find((m) => m.subject === 'Cambio de sala'));
    expect(written.html).toContain('La sala será la &lt;2&gt; &amp; no la 1');
    expect(written.text).toContain('La sala será la <2> & no la 1');
    const templated = await eventually(() =>
      smtp.to(person.email).find((m) => m.subject.startsWith('Estás en la lista de espera')),
    );
    expect(templated.text).toContain('Hola Luis,');
  });

  it('while the SMTP server is down messages wait and are retried; once it is back each arrives exactly once', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    await smtp.stop();
    try {
      for (const n of [531, 532, 533]) expect((await register(sessionId, attendee(n))).status).toBe(201);
      // Tried, refused by the closed port, still pending with the error and a next try scheduled.
      await eventually(async () => (await messages(sessionId)).every((m) => m.attempts >= 2 && m.status === 0));
      const waiting = await messages(sessionId);
      expect(waiting.map((m) => m.error_message)).toEqual(waiting.map(() => expect.stringContaining('ECONNREFUSED')));
    } finally {
      await smtp.listen();
    }
    await eventually(async () => (await messages(sessionId)).every((m) => m.status === 1), 15_000, 'all sent');
    // Leave time for any stray retry job to show a duplicate.
    await new Promise((r) => setTimeout(r, 500));
    for (const n of [531, 532, 533]) expect(smtp.to(attendee(n).email)).toHaveLength(1);
    expect((await messages(sessionId)).every((m) => m.error_message === null)).toBe(true);
  });

  it('after the last try a message is failed with the server answer; a permanent refusal fails at once', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    smtp.refuse.add(attendee(541).email);
    expect((await register(sessionId, attendee(541))).status).toBe(201);
    const [refused] = await eventually(async () => {
      const rows = await messages(sessionId);
      return rows[0]?.status === 2 && rows;
    });
    expect(refused.attempts).toBe(1);
    expect(refused.error_message).toContain('550');

    await smtp.stop();
    try {
      expect((await register(sessionId, attendee(542))).status).toBe(201);
      const [, failed] = await eventually(async () => {
        const rows = await messages(sessionId);
        return rows[1]?.status === 2 && rows;
      }, 15_000);
      expect(failed.attempts).toBe(4);
      expect(failed.error_message).toContain('ECONNREFUSED');
    } finally {
      await smtp.listen();
    }
    expect(smtp.to(attendee(541).email)).toEqual([]);
  });

  it('the sweep delivers a message recorded without a kick (as when the queue was unreachable at commit)', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    expect((await register(sessionId, attendee(551))).status).toBe(201);
    await eventually(() => smtp.to(attendee(551).email).length === 1);
    // A second message for the same registration written straight into the outbox: nothing enqueues a job for it.
    await app.sql(
      `INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id)
       SELECT 'Registration', r.id, s.event_id, r.session_id, r.email, r.first_name || ' ' || r.last_name, r.user_tax_id
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id WHERE r.session_id = $1`,
      [sessionId],
    );
    await eventually(() => smtp.to(attendee(551).email).length === 2, 5_000, 'delivered by the sweep');
  });

  it('messages for a session that has already ended are not sent', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    expect((await register(sessionId, attendee(561))).status).toBe(201);
    await eventually(async () => (await messages(sessionId))[0]?.status === 1);
    await app.sql(
      `UPDATE event_sessions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [sessionId],
    );
    await app.sql(`UPDATE email_messages SET status = 0, sent_at = NULL WHERE session_id = $1`, [sessionId]);
    await eventually(async () => (await messages(sessionId))[0]?.status === 2);
    expect((await messages(sessionId))[0].error_message).toBe('No enviado: la sesión ya había terminado');
    expect(smtp.to(attendee(561).email)).toHaveLength(1);
  });

  it('with sending disabled messages stay pending, and go out when it is enabled', async () => {
    const off = await app.request('PUT', '/api/email/settings', { token: admin, body: { emailEnabled: false } });
    expect(off.status).toBe(200);
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    try {
      expect((await register(sessionId, attendee(571))).status).toBe(201);
      await new Promise((r) => setTimeout(r, 800));
      expect(await messages(sessionId)).toEqual([expect.objectContaining({ status: 0, attempts: 0 })]);
      expect(smtp.to(attendee(571).email)).toEqual([]);
    } finally {
      await useSmtp(app, admin, smtp);
    }
    await eventually(() => smtp.to(attendee(571).email).length === 1);
  });

  it('two dispatchers racing over the same messages send each exactly once', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 60 });
    const people = Array.from({ length: 40 }, (_, i) => 600 + i);
    for (const n of people) expect((await register(sessionId, attendee(n))).status).toBe(201);
    await eventually(async () => (await messages(sessionId)).every((m) => m.status === 1), 20_000);
    // The same 40 messages made due again at once, then four dispatches at the same moment.
    await app.sql(
      `UPDATE email_messages SET status = 0, sent_at = NULL, next_attempt_at = now() WHERE session_id = $1`,
      [sessionId],
    );
    const delivery = app.running.app.get(EmailDeliveryService);
    await Promise.all([delivery.dispatch(), delivery.dispatch(), delivery.dispatch(), delivery.dispatch()]);
    await eventually(async () => (await messages(sessionId)).every((m) => m.status === 1));
    for (const n of people) expect(smtp.to(attendee(n).email)).toHaveLength(2);
  }, 40_000);
});
