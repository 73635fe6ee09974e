import { Workbook } from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { CheckInAnswer, OfflineList } from '@evreg/contracts';
import { type CapturedMail, SmtpCapture, TestApp, attendee, createSession, eventually, useSmtp } from '@evreg/testing';

/** What a QR image says (null: no QR found). */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The inline image the HTML shows as `cid:`: its attachment must carry that Content-ID. */
function inlineQr(mail: CapturedMail): Buffer {
  const cid = /<img src="cid:([^"]+)"/.exec(mail.html)?.[1];
  expect(cid).toBeTruthy();
  const image = mail.attachments.find((a) => a.contentId === cid);
  expect(image).toMatchObject({ filename: 'entrada.png', contentType: expect.stringMatching(/^image\/png/) });
  return image!.data;
}

/** The day of the event, as the person and the door see it: each person's ticket (QR and code) in their
 * confirmation or promotion e-mail, the public QR image of an active ticket, and a companion named as such. */
describe('Tickets: the QR in the e-mails and on the booking page, companions at the door', () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let admin: string;
  let nonce = 0;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    app = await TestApp.start({ env: { EMAIL_SWEEP_INTERVAL_MS: '300' } });
    admin = await app.adminToken();
    await useSmtp(app, admin, smtp, { baseUrl: 'https://reservas.example.com/' });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  const book = (sessionId: number, people: object[]) =>
    app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
      body: { registrations: people.map((p) => ({ eventSessionId: sessionId, ...p })) },
    });
  const scan = (sessionId: number, code: string) =>
    app.request<CheckInAnswer>('POST', `/api/sessions/${sessionId}/check-ins`, {
      token: admin,
      body: { nonce: `ticket-${Date.now()}-${++nonce}`, code },
    });
  const qrImage = (code: string) => fetch(`${app.baseUrl}/api/tickets/${encodeURIComponent(code)}/qr.png`);

  it('the holder and the companion each get their own confirmation with their own QR (inline image) and code', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const holder = attendee(701, { firstName: 'Lucía', lastName: 'Martín' });
    const companion = attendee(702, { firstName: 'Pablo', lastName: 'Ruiz' });
    const res = await book(sessionId, [holder, companion]);
    expect(res.status).toBe(201);
    const [first, second] = res.body.results as { registrationId: number; ticketCode: string }[];
    expect(first.ticketCode).toMatch(new RegExp(`^${first.registrationId}-[A-Z2-7]{26}$`));
    expect(second.ticketCode).toMatch(new RegExp(`^${second.registrationId}-[A-Z2-7]{26}$`));

    for (const [person, result] of [
      [holder, first],
      [companion, second],
    ] as const) {
      const [mail] = await eventually(() => smtp.to(person.email).length && smtp.to(person.email));
      expect(mail.subject).toMatch(/^Inscripción confirmada: /);
      // The default template's ticket section: the QR, the code in text, and the .ics still there.
      expect(mail.html).toContain('<strong>Tu entrada</strong>');
      expect(decodeQr(inlineQr(mail))).toBe(result.ticketCode);
      expect(mail.html).toContain(`>${result.ticketCode}</p>`);
      expect(mail.text).toContain(`Tu entrada: ${result.ticketCode}`);
      expect(mail.attachments.map((a) => a.filename).sort()).toEqual(['entrada.png', 'evento.ics']);
    }
  });

  it('a waiting person gets no ticket; once promoted, the promotion e-mail carries their QR', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const seated = await book(sessionId, [attendee(711)]);
    const waiting = await book(sessionId, [attendee(712)]);
    expect(waiting.body.results[0]).toMatchObject({ queued: true, ticketCode: null });
    const [waitingMail] = await eventually(() => smtp.to(attendee(712).email).length && smtp.to(attendee(712).email));
    expect(waitingMail.subject).toMatch(/^Estás en la lista de espera/);
    expect(waitingMail.attachments).toEqual([]);
    expect(waitingMail.text).not.toContain('Tu entrada');

    const cancelled = await app.request('POST', `/api/registrations/${seated.body.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);
    const promoted = await eventually(
      () => smtp.to(attendee(712).email).length === 2 && smtp.to(attendee(712).email)[1],
    );
    expect(promoted.subject).toMatch(/^¡Tienes plaza! /);
    const code = decodeQr(inlineQr(promoted));
    expect(code).toMatch(new RegExp(`^${waiting.body.id}-[A-Z2-7]{26}$`));
    expect(promoted.text).toContain(`Tu entrada: ${code}`);
    // The code is the registration's real ticket: the door admits it.
    expect((await scan(sessionId, code!)).body).toMatchObject({ outcome: 'valid' });
    // The page behind the e-mail's cancellation link shows the same ticket ('Tu entrada').
    const token = /cancel\?token=([\w-]+)/.exec(promoted.text)?.[1];
    const preview = await app.request('GET', `/api/registrations/cancellation/${token}`);
    expect(preview.body.ticketCode).toBe(code);
  });

  it('a template staff edited without the ticket still gets the ticket section; {{ticketQr}} and {{ticketCode}} fill an edited one', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const [active] = await app.sql(
      `SELECT id, name, subject, html_content, plain_text_content FROM email_templates WHERE template_type = 0 AND is_active`,
    );
    const put = (htmlContent: string) =>
      app.request('PUT', `/api/email-templates/${active.id}`, {
        token: admin,
        body: {
          name: active.name,
          subject: active.subject,
          htmlContent,
          plainTextContent: null,
          templateType: 0,
          isActive: true,
        },
      });
    try {
      expect((await put('<p>Hola {{firstName}}</p>')).status).toBe(200);
      const plain = await book(sessionId, [attendee(721)]);
      const [mail] = await eventually(() => smtp.to(attendee(721).email).length && smtp.to(attendee(721).email));
      expect(mail.html).toContain('<strong>Tu entrada</strong>');
      expect(decodeQr(inlineQr(mail))).toBe(plain.body.results[0].ticketCode);

      expect((await put('<div><p>Entrada {{ticketCode}}</p>{{ticketQr}}</div>')).status).toBe(200);
      const own = await book(sessionId, [attendee(722)]);
      const [ownMail] = await eventually(() => smtp.to(attendee(722).email).length && smtp.to(attendee(722).email));
      const code = own.body.results[0].ticketCode;
      expect(ownMail.html).toMatch(new RegExp(`^<div><p>Entrada ${code}</p><img src="cid:[^"]+"[^>]*></div>`));
      expect(ownMail.html).not.toContain('Tu entrada');
      expect(ownMail.text).toContain(`Entrada ${code}`);
      expect(decodeQr(inlineQr(ownMail))).toBe(code);

      // The preview shows a sample QR as a data: image.
      const preview = await app.request('POST', '/api/email-templates/preview', {
        token: admin,
        body: { subject: 'x', htmlContent: '<p>{{ticketCode}}</p>{{ticketQr}}' },
      });
      expect(preview.status).toBe(200);
      const src = /<img src="data:image\/png;base64,([^"]+)"/.exec(preview.body.html)?.[1];
      expect(decodeQr(Buffer.from(src!, 'base64'))).toBe(/<p>([^<]+)<\/p>/.exec(preview.body.html)?.[1]);
    } finally {
      // The default again, for the tests after this one.
      await app.sql(`UPDATE email_templates SET html_content = $2, plain_text_content = $3 WHERE id = $1`, [
        active.id,
        active.html_content,
        active.plain_text_content,
      ]);
    }
  });

  it('GET /api/tickets/{code}/qr.png: the QR of an active ticket, private cache; 404 for anything else', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 2 });
    const seated = await book(sessionId, [attendee(731)]);
    const code: string = seated.body.results[0].ticketCode;
    const res = await qrImage(code);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    expect(decodeQr(Buffer.from(await res.arrayBuffer()))).toBe(code);
    // Lower case is the same code; the image carries the canonical one.
    expect(decodeQr(Buffer.from(await (await qrImage(code.toLowerCase())).arrayBuffer()))).toBe(code);

    const waiting = await book(sessionId, [attendee(732)]);
    const altered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      altered,
      `${waiting.body.id}-${code.split('-')[1]}`,
      'no-es-un-codigo',
      `999999-${'A'.repeat(26)}`,
    ]) {
      const answer = await qrImage(bad);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: expect.stringMatching(/^Entrada no encontrada/) });
    }
    // A cancelled ticket has no image any more.
    expect((await app.request('POST', `/api/registrations/${seated.body.id}/cancel`, { token: admin })).status).toBe(
      200,
    );
    const gone = await qrImage(code);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });

  it("the door names a companion's holder ('acompañante de'), online and in the offline list; an erased holder leaves none", async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const holder = attendee(741, { firstName: 'Marta', lastName: 'Sanz' });
    const companion = attendee(742, { firstName: 'Jorge', lastName: 'Vidal' });
    const res = await book(sessionId, [holder, companion]);
    const [h, c] = res.body.results as { registrationId: number; ticketCode: string }[];

    const companionScan = await scan(sessionId, c.ticketCode);
    expect(companionScan.body).toMatchObject({
      outcome: 'valid',
      person: { registrationId: c.registrationId, firstName: 'Jorge', companionOf: 'Marta Sanz' },
    });
    expect((await scan(sessionId, h.ticketCode)).body.person).toMatchObject({ firstName: 'Marta', companionOf: null });
    // A second scan of the companion answers 'already' with the same person.
    expect((await scan(sessionId, c.ticketCode)).body).toMatchObject({
      outcome: 'alreadyCheckedIn',
      person: { companionOf: 'Marta Sanz' },
    });

    const offline = await app.request<OfflineList>('GET', `/api/sessions/${sessionId}/check-ins/offline-list`, {
      token: admin,
    });
    expect(offline.status).toBe(200);
    const entries = new Map(offline.body.entries.map((e) => [e.registrationId, e]));
    expect(entries.get(c.registrationId)?.companionOf).toBe('Marta Sanz');
    expect(entries.get(h.registrationId)?.companionOf).toBeNull();

    // Erasing the holder (GDPR) deletes their row: the companion's link goes with it, the companion stays.
    const erased = await app.request('DELETE', `/api/admin/gdpr/delete/${encodeURIComponent(holder.email)}`, {
      token: admin,
    });
    expect(erased.status).toBe(200);
    const [row] = await app.sql(`SELECT state, holder_registration_id FROM registrations WHERE id = $1`, [
      c.registrationId,
    ]);
    expect(row).toEqual({ state: 0, holder_registration_id: null });
    expect((await scan(sessionId, c.ticketCode)).body.person).toMatchObject({ companionOf: null });
  });

  it('a companion queued behind their seated holder, then promoted, is still their companion', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const res = await book(sessionId, [
      attendee(751, { firstName: 'Elena', lastName: 'Prieto' }),
      attendee(752, { firstName: 'Raúl', lastName: 'Gómez' }),
    ]);
    const [h, c] = res.body.results as { registrationId: number; queued: boolean }[];
    expect([h.queued, c.queued]).toEqual([false, true]);
    expect(await app.sql(`SELECT holder_registration_id FROM registrations WHERE id = $1`, [c.registrationId])).toEqual(
      [{ holder_registration_id: h.registrationId }],
    );

    // The holder cancels: the companion takes the seat, and the door still says whose companion they are.
    expect((await app.request('POST', `/api/registrations/${h.registrationId}/cancel`, { token: admin })).status).toBe(
      200,
    );
    const [promotedMail] = await eventually(
      () => smtp.to(attendee(752).email).length === 2 && smtp.to(attendee(752).email).slice(1),
    );
    const code = decodeQr(inlineQr(promotedMail))!;
    expect((await scan(sessionId, code)).body).toMatchObject({
      outcome: 'valid',
      person: { firstName: 'Raúl', companionOf: 'Elena Prieto' },
    });
  });

  it('two-person bookings arriving at once each link the companion to their own holder', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 30, maxQueueSpots: 10 });
    const pairs = Array.from({ length: 12 }, (_, i) => [attendee(800 + 2 * i), attendee(801 + 2 * i)]);
    const answers = await Promise.all(pairs.map((pair) => book(sessionId, pair)));
    expect(answers.map((a) => a.status)).toEqual(pairs.map(() => 201));
    const rows: { email: string; holder: string | null }[] = await app.sql(
      `SELECT r.email, h.email AS holder FROM registrations r LEFT JOIN registrations h ON h.id = r.holder_registration_id
        WHERE r.session_id = $1`,
      [sessionId],
    );
    const holderOf = new Map(rows.map((r) => [r.email, r.holder]));
    for (const [first, second] of pairs) {
      expect(holderOf.get(first.email)).toBeNull();
      expect(holderOf.get(second.email)).toBe(first.email);
    }
  });

  it("the session's people as Excel: reference, names, contact, state, companion, 'Asistió' with the time", async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const [holder, companion, other] = [
      attendee(761, { firstName: 'Nuria', lastName: 'Calvo', telephoneNumber: '600111222' }),
      attendee(762, { firstName: '=SUMA(A1)', lastName: 'Díaz' }),
      attendee(763, { firstName: 'Óscar', lastName: 'León' }),
    ];
    const pair = await book(sessionId, [holder, companion]);
    const single = await book(sessionId, [other]);
    const [h, c] = pair.body.results as { registrationId: number; ticketCode: string }[];
    expect((await scan(sessionId, h.ticketCode)).body.outcome).toBe('valid');
    const cancelled = await app.request('POST', `/api/registrations/${single.body.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);
    const [checkIn] = await app.sql(`SELECT checked_in_at FROM check_ins WHERE registration_id = $1`, [
      h.registrationId,
    ]);

    const res = await fetch(`${app.baseUrl}/api/events/sessions/${sessionId}/registrations/export`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="inscripciones-sesion-${sessionId}-${day}.xlsx"`,
    );
    const workbook = new Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.getWorksheet('Inscripciones')!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual([
      'Referencia',
      'Nombre',
      'Apellidos',
      'Email',
      'Teléfono',
      'DNI/NIE',
      'Estado',
      'Acompañante de',
      'Fecha de inscripción',
      'Asistió',
      'Hora de entrada',
    ]);
    const body = rows.slice(1).map((r) => r.slice(1));
    expect(body).toHaveLength(3);
    // Excel dates carry the event's wall-clock time (Madrid) in their UTC fields.
    const madrid = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Madrid',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(d);
    const asMadrid = (cell: unknown) => (cell as Date).toISOString().slice(0, 16).replace('T', ' ');
    expect(body[0].slice(0, 8)).toEqual([
      `R-${String(h.registrationId).padStart(6, '0')}`,
      'Nuria',
      'Calvo',
      holder.email,
      '600111222',
      holder.userTaxId,
      'Activa',
      undefined,
    ]);
    expect(body[0][9]).toBe('Sí');
    expect(asMadrid(body[0][10])).toBe(madrid(checkIn.checked_in_at));
    // A formula-like name is shown as text, never run; the companion names their holder.
    expect(body[1].slice(1, 3)).toEqual(["'=SUMA(A1)", 'Díaz']);
    expect(body[1][7]).toBe('Nuria Calvo');
    expect(body[1][9]).toBe('No');
    expect(body[1][10]).toBeUndefined();
    expect(body[2].slice(0, 2)).toEqual([`R-${String(single.body.id).padStart(6, '0')}`, 'Óscar']);
    expect(body[2][6]).toBe('Cancelada');
    expect(c.registrationId).toBe(h.registrationId + 1);

    // Like the people list: staff without Registrations.Read get a 403; a session that doesn't exist is a 404.
    const noAccess = await app.staffWith(['Events.Read']);
    const forbidden = await app.request('GET', `/api/events/sessions/${sessionId}/registrations/export`, {
      token: noAccess.token,
    });
    expect(forbidden.status).toBe(403);
    const missing = await app.request('GET', '/api/events/sessions/999999/registrations/export', { token: admin });
    expect(missing.status).toBe(404);
    // The staff account made here signs in with a slow password hash: on 2 shared cores that takes a while.
  }, 90_000);
});
