import { attendee, createSession } from '@evreg/testing';
import { NetelipStub } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { notificationSmsText, smsCost, smsSize, type Session, type SmsLogEntry } from '@evreg/contracts';

const M = {
  messageRequired: 'El mensaje es requerido para enviar un SMS',
  messageTooLong:
    'El mensaje SMS no puede superar 80 caracteres: se reservan 80 para los datos del evento (máximo 160 en total)',
  emailContent: 'Seleccione una plantilla o escriba un mensaje para enviar el email',
  type: 'El tipo de notificación debe ser 0 (SMS) o 1 (Email)',
  templateNotFound: 'La plantilla de email indicada no existe',
  noRecipients: 'No hay personas inscritas activas a las que notificar',
};

describe('Notifications to the people registered in an event or session', () => {
  let app: TestApp;
  let admin: string;
  let netelip: NetelipStub;
  let smtp: SmtpCapture;
  let eventId: number;
  let sessionA: number;
  let sessionB: number;
  let person = 0;

  const notify = (path: string, body: object, token = admin) =>
    app.request('POST', `/api/notifications/${path}`, { token, body });
  const register = async (sessionId: number, overrides: Record<string, unknown> = {}) => {
    const n = ++person;
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n, overrides) },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, email: `persona${n}@example.com` };
  };
  const written = async () => ({
    sms: (await app.sql(`SELECT count(*)::int AS n FROM sms_messages WHERE sms_type = 'Notification'`))[0].n,
    emails: (await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE email_type = 'Notification'`))[0].n,
  });

  beforeAll(async () => {
    netelip = await NetelipStub.start();
    smtp = await SmtpCapture.start();
    app = await TestApp.start({ env: { NETELIP_BASE_URL: netelip.url } });
    admin = await app.adminToken();
    await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok' },
    });
    await useSmtp(app, admin, smtp);

    // One event, two sessions on different days; in each, active people, one cancelled and one waiting.
    ({ eventId, sessionId: sessionA } = await createSession(app, {
      maxAttendees: 2,
      maxQueueSpots: 2,
      startsInHours: 48,
    }));
    const [second] = await app.sql(
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, is_all_day, starts_at, ends_at, max_attendees, max_queue_spots)
       SELECT event_id, start_date + 7, end_date + 7, start_time, end_time, true, starts_at + interval '7 days', ends_at + interval '7 days', 2, 2
         FROM event_sessions WHERE id = $1 RETURNING id`,
      [sessionA],
    );
    sessionB = second.id;
    for (const sessionId of [sessionA, sessionB]) {
      const first = await register(sessionId);
      await register(sessionId);
      await register(sessionId); // waiting
      await app.request('POST', `/api/registrations/${first.id}/cancel`, { token: admin }); // the waiting one is promoted
      await register(sessionId); // waiting
    }
  });
  afterAll(async () => {
    await app.close();
    await netelip.close();
    await smtp.stop();
  });

  describe('validation (docs/product.md §5), writing nothing when refused', () => {
    it('an SMS needs a message of at most 80 characters (80 more are the event details)', async () => {
      const before = await written();
      for (const [body, message] of [
        [{ type: 0 }, M.messageRequired],
        [{ type: 0, message: '   ' }, M.messageRequired],
        [{ type: 0, message: 'x'.repeat(81) }, M.messageTooLong],
      ] as const) {
        const res = await notify(`sessions/${sessionA}`, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message,
          errors: { message: [message] },
        });
      }
      expect(await written()).toEqual(before);
    });

    it('an e-mail needs a template or a message, and the template must exist', async () => {
      const none = await notify(`events/${eventId}`, { type: 1, subject: 'Asunto' });
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual({ emailTemplateId: [M.emailContent], message: [M.emailContent] });
      const missing = await notify(`events/${eventId}`, { type: 1, emailTemplateId: 999 });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ emailTemplateId: [M.templateNotFound] });
      const badType = await notify(`events/${eventId}`, { type: 2, message: 'Hola' });
      expect(badType.body.errors).toEqual({ type: [M.type] });
      expect(await written()).toEqual({ sms: 0, emails: 0 });
    });

    it('an unknown event or session is a 404; a bad id a 400 naming it', async () => {
      expect((await notify('events/424242', { type: 1, message: 'Hola' })).status).toBe(404);
      expect((await notify('sessions/424242', { type: 1, message: 'Hola' })).body).toMatchObject({
        statusCode: 404,
        message: 'Sesión no encontrada',
      });
      expect((await notify('sessions/abc', { type: 1, message: 'Hola' })).body.errors).toEqual({
        sessionId: ['El identificador "sessionId" debe ser un número entero'],
      });
    });

    it('needs Events.Update', async () => {
      const staff = await app.staffWith(['Events.Read', 'Registrations.Update']);
      expect((await notify(`sessions/${sessionA}`, { type: 1, message: 'Hola' }, staff.token)).status).toBe(403);
    });
  });

  it('an SMS of exactly 80 characters to a whole event: one per active registration, each with its own session details', async () => {
    const message = 'a'.repeat(80);
    const res = await notify(`events/${eventId}`, { type: 0, message });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      totalRecipients: 4,
      successCount: 4,
      failedCount: 0,
      totalCost: 0.4,
      errors: [],
    });

    const rows = await app.sql(
      `SELECT m.session_id, m.message, m.parts, r.state FROM sms_messages m JOIN registrations r ON r.id = m.registration_id
        WHERE m.sms_type = 'Notification' ORDER BY m.id`,
    );
    const [a] = await app.sql(
      `SELECT to_char(start_date, 'DD/MM/YYYY') AS day, e.title FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionA],
    );
    const [b] = await app.sql(`SELECT to_char(start_date, 'DD/MM/YYYY') AS day FROM event_sessions WHERE id = $1`, [
      sessionB,
    ]);
    expect(rows).toEqual([
      { session_id: sessionA, message: `${message}\n${a.title}: ${a.day} 10:00`, parts: 1, state: 0 },
      { session_id: sessionA, message: `${message}\n${a.title}: ${a.day} 10:00`, parts: 1, state: 0 },
      // All day: no time.
      { session_id: sessionB, message: `${message}\n${a.title}: ${b.day}`, parts: 1, state: 0 },
      { session_id: sessionB, message: `${message}\n${a.title}: ${b.day}`, parts: 1, state: 0 },
    ]);
    // (The promotions of the set-up sent their own SMS too.)
    await eventually(() => netelip.requests.filter((r) => r.message.startsWith(message)).length === 4);
  });

  it('an accented SMS (UCS-2) to a whole event: the log charges what the back office estimates', async () => {
    // 'Inscripción', 'cámbiate': á, í and ó are outside GSM-7, so the SMS counts 70 per SMS and 67 per part; with the
    // event details this text takes two parts, where GSM-7 would take one.
    const message = 'Inscripción confirmada: cámbiate el horario, abrimos a las 18:00 en punto.';
    const res = await notify(`events/${eventId}`, { type: 0, message });
    expect(res.status).toBe(200);

    // The back office's estimate: its view of the event (each session with its active registrations), the SMS the
    // server writes for each session and the shared part count.
    const { body: event } = await app.request('GET', `/api/events/${eventId}`, { token: admin });
    const sessions = event.sessions as Session[];
    const estimate = sessions.reduce((sum, s) => {
      const text = notificationSmsText(message, { eventTitle: event.title, ...s });
      const size = smsSize(text);
      expect(size.encoding).toBe('UCS-2');
      expect(size.parts).toBe(2);
      return sum + s.registeredCount * smsCost(size.parts);
    }, 0);
    expect(estimate).toBeCloseTo(0.8, 10);
    expect(res.body.totalCost).toBe(0.8);

    const logged = await app.sql(
      `SELECT parts, cost::float AS cost FROM sms_messages WHERE sms_type = 'Notification' AND message LIKE $1`,
      [`${message}%`],
    );
    expect(logged).toHaveLength(4);
    expect(logged.every((row: { parts: number; cost: number }) => row.parts === 2 && row.cost === 0.2)).toBe(true);
    // What the SMS log lists and totals for them.
    const { body: page } = await app.request('GET', '/api/smssettings/logs?pageSize=200', { token: admin });
    const listed = (page.data as SmsLogEntry[]).filter((entry) => entry.message.startsWith(message));
    expect(listed.map((entry) => [entry.parts, entry.cost])).toEqual(Array(4).fill([2, 0.2]));
  });

  it('an e-mail with a message to one session: recorded for its active registrations and delivered to the SMTP server', async () => {
    const active = await app.sql(
      `SELECT id, email FROM registrations WHERE session_id = $1 AND state = 0 ORDER BY id`,
      [sessionA],
    );
    const res = await notify(`sessions/${sessionA}`, {
      type: 1,
      subject: 'Cambio de sala',
      message: 'La sesión será en la sala 2.',
    });
    expect(res.body).toEqual({
      success: true,
      totalRecipients: 2,
      successCount: 2,
      failedCount: 0,
      totalCost: 0,
      errors: [],
    });

    const rows = await app.sql(
      `SELECT registration_id, email_address, data FROM email_messages WHERE email_type = 'Notification' ORDER BY registration_id`,
    );
    expect(rows).toEqual(
      active.map((r) => ({
        registration_id: r.id,
        email_address: r.email,
        data: { subject: 'Cambio de sala', message: 'La sesión será en la sala 2.' },
      })),
    );
    await eventually(() => smtp.messages.filter((mail) => mail.subject === 'Cambio de sala').length === 2);
    const delivered = smtp.messages.filter((mail) => mail.subject === 'Cambio de sala');
    expect(delivered.map((mail) => mail.to[0]).sort()).toEqual(active.map((r) => r.email).sort());
    for (const mail of delivered) expect(mail.text).toContain('La sesión será en la sala 2.');
    await eventually(async () =>
      (await app.sql(`SELECT status FROM email_messages WHERE email_type = 'Notification'`)).every(
        (row) => row.status === 1,
      ),
    );
  });

  it('an e-mail with a template to the whole event', async () => {
    const [template] = await app.sql(`SELECT id FROM email_templates WHERE template_type = 0 AND is_active`);
    const res = await notify(`events/${eventId}`, { type: 1, emailTemplateId: template.id });
    expect(res.body).toMatchObject({ success: true, totalRecipients: 4, successCount: 4, failedCount: 0 });
    const rows = await app.sql(
      `SELECT data FROM email_messages WHERE email_type = 'Notification' AND data ? 'templateId'`,
    );
    expect(rows).toEqual(Array(4).fill({ data: { templateId: template.id } }));
  });

  it('a session with nobody registered answers zero recipients and says so', async () => {
    const { sessionId } = await createSession(app);
    const res = await notify(`sessions/${sessionId}`, { type: 0, message: 'Hola' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      totalRecipients: 0,
      successCount: 0,
      failedCount: 0,
      totalCost: 0,
      errors: [M.noRecipients],
    });
  });
});
