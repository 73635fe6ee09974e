import { attendee, createSession } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** The e-mail log: paged list with search, resend of failed Registration/Promotion e-mails, delete one or all. */
describe('E-mail log', () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let admin: string;
  let eventId: number;
  let sessionId: number;
  const ids: Record<string, number> = {};

  const list = (query = '', token = admin) => app.request('GET', `/api/email-logs${query}`, { token });
  const register = (n: number, overrides: Record<string, unknown> = {}) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n, overrides) },
    });
  const row = async (email: string, type: string) =>
    (
      await app.sql(`SELECT id::int, status FROM email_messages WHERE email_address = $1 AND email_type = $2`, [
        email,
        type,
      ])
    )[0];

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    app = await TestApp.start({ env: { EMAIL_SWEEP_INTERVAL_MS: '300', EMAIL_MAX_ATTEMPTS: '1' } });
    admin = await app.adminToken();
    await useSmtp(app, admin, smtp);
    ({ eventId, sessionId } = await createSession(app, { maxAttendees: 10 }));
    await app.sql(`UPDATE events SET title = 'Taller de cerámica', city = 'Sevilla', country = 'Spain' WHERE id = $1`, [
      eventId,
    ]);

    // Sent: Ana. Refused for good by the server: Berta's confirmation, and Carla's confirmation and cancellation.
    smtp.refuse.add(attendee(902).email);
    smtp.refuse.add(attendee(903).email);
    const ana = await register(901, { firstName: 'Ana', lastName: 'Alonso' });
    await register(902, { firstName: 'Berta', lastName: 'Blanco' });
    const carla = await register(903, { firstName: 'Carla', lastName: 'Castro' });
    await eventually(
      async () => (await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE status = 0`))[0].n === 0,
    );
    expect((await app.request('POST', `/api/registrations/${carla.body.id}/cancel`, { token: admin })).status).toBe(
      200,
    );
    await eventually(async () => (await row(attendee(903).email, 'Cancellation'))?.status === 2);
    ids.anaRegistration = (await row(attendee(901).email, 'Registration')).id;
    ids.bertaRegistration = (await row(attendee(902).email, 'Registration')).id;
    ids.carlaRegistration = (await row(attendee(903).email, 'Registration')).id;
    ids.carlaCancellation = (await row(attendee(903).email, 'Cancellation')).id;
    expect(ana.status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it('lists newest first with the spec fields, 20 per page by default', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalCount: 4,
      totalPages: 1,
      hasPreviousPage: false,
      hasNextPage: false,
      page: 1,
      pageSize: 20,
    });
    expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([
      ids.carlaCancellation,
      ids.carlaRegistration,
      ids.bertaRegistration,
      ids.anaRegistration,
    ]);
    const ana = res.body.data[3];
    expect(ana).toEqual({
      id: ids.anaRegistration,
      emailAddress: attendee(901).email,
      recipientName: 'Ana Alonso',
      userTaxId: attendee(901).userTaxId,
      event: { title: 'Taller de cerámica', city: 'Sevilla', country: 'Spain' },
      status: 1,
      errorMessage: null,
      sentAt: expect.any(String),
      emailType: 'Registration',
      createdAt: expect.any(String),
      attempts: 1,
    });
    const berta = res.body.data[2];
    expect(berta).toMatchObject({
      status: 2,
      sentAt: null,
      emailType: 'Registration',
      errorMessage: expect.stringContaining('550'),
    });
  });

  it('pages and searches by e-mail, name, tax ID and event title', async () => {
    const page2 = await list('?page=2&pageSize=3');
    expect(page2.body).toMatchObject({
      totalCount: 4,
      totalPages: 2,
      hasPreviousPage: true,
      hasNextPage: false,
      page: 2,
      pageSize: 3,
    });
    expect(page2.body.data.map((e: { id: number }) => e.id)).toEqual([ids.anaRegistration]);

    const byName = await list('?search=carla');
    expect(byName.body.data.map((e: { id: number }) => e.id)).toEqual([ids.carlaCancellation, ids.carlaRegistration]);
    expect((await list(`?search=${attendee(902).email.toUpperCase()}`)).body.totalCount).toBe(1);
    expect((await list(`?search=${attendee(901).userTaxId}`)).body.data[0].id).toBe(ids.anaRegistration);
    expect((await list('?search=CERÁMICA')).body.totalCount).toBe(4);
    expect((await list('?search=nadie')).body).toMatchObject({ data: [], totalCount: 0, totalPages: 0 });

    const bad = await list('?page=0&pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      page: ['La página debe ser un número entero mayor que 0'],
      pageSize: ['El tamaño de página debe ser un número entero entre 1 y 100'],
    });
  });

  it('resends only failed Registration or Promotion e-mails of active registrations', async () => {
    const sent = await app.request('POST', `/api/email-logs/${ids.anaRegistration}/resend`, { token: admin });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe('Solo se pueden reenviar emails fallidos de inscripción o promoción');
    const cancellation = await app.request('POST', `/api/email-logs/${ids.carlaCancellation}/resend`, { token: admin });
    expect(cancellation.status).toBe(409);
    const cancelled = await app.request('POST', `/api/email-logs/${ids.carlaRegistration}/resend`, { token: admin });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('La inscripción ya no está activa: no se reenvía el email');
    expect((await app.request('POST', '/api/email-logs/999999/resend', { token: admin })).status).toBe(404);

    // Berta's server problem is fixed: the resend goes out with the template, and the log says sent.
    smtp.refuse.delete(attendee(902).email);
    const res = await app.request('POST', `/api/email-logs/${ids.bertaRegistration}/resend`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Email puesto en cola para reenviarse' });
    const [mail] = await eventually(() => smtp.to(attendee(902).email).length && smtp.to(attendee(902).email));
    expect(mail.subject).toBe('Inscripción confirmada: Taller de cerámica');
    const entry = await eventually(async () => {
      const found = (await list('?search=berta')).body.data[0];
      return found.status === 1 && found;
    });
    expect(entry).toMatchObject({ errorMessage: null, attempts: 1, sentAt: expect.any(String) });
    expect(smtp.to(attendee(902).email)).toHaveLength(1);
  });

  it('deletes one entry (204), then every entry; "all" is never read as an id', async () => {
    const one = await app.request('DELETE', `/api/email-logs/${ids.anaRegistration}`, { token: admin });
    expect(one.status).toBe(204);
    expect((await app.request('DELETE', `/api/email-logs/${ids.anaRegistration}`, { token: admin })).status).toBe(404);
    expect((await app.request('DELETE', '/api/email-logs/abc', { token: admin })).status).toBe(400);
    expect((await list()).body.totalCount).toBe(3);

    const all = await app.request('DELETE', '/api/email-logs/all', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ message: '3 registros de email eliminados', deleted: 3 });
    expect((await list()).body).toMatchObject({ data: [], totalCount: 0 });
  });

  it('needs EmailLogs.Read to read and resend, Settings.Delete to delete', async () => {
    const reader = await app.staffWith(['EmailLogs.Read']);
    expect((await list('', reader.token)).status).toBe(200);
    expect((await app.request('POST', '/api/email-logs/999999/resend', { token: reader.token })).status).toBe(404);
    expect((await app.request('DELETE', '/api/email-logs/all', { token: reader.token })).status).toBe(403);
    expect((await app.request('DELETE', '/api/email-logs/1', { token: reader.token })).status).toBe(403);
    const settingsOnly = await app.staffWith(['Settings.Read']);
    expect((await list('', settingsOnly.token)).status).toBe(403);
  });
});
