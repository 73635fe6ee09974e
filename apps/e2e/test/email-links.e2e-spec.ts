// The links of a visitor's e-mails carry the booking language (issue 31): the cancellation link of a Catalan
// booking's confirmation, opened in a fresh Spanish browser, shows the cancellation page in Catalan, and the .ics
// attached to the e-mail carries the same link.
import { SESSION_TOKEN_HEADER } from '@evreg/contracts';
import { type CapturedMail, SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import ca from '../../booking/src/i18n/ca.json';
import { setupE2E } from './support/e2e';
import { eventWithSession, newPerson } from './support/fixtures';

const e2e = setupE2E({ context: { bypassCSP: true } });
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  // The links' base is the booking site this test's browser opens.
  await useSmtp(e2e.app, await e2e.app.adminToken(), smtp, { baseUrl: e2e.app.baseUrl });
});
afterAll(async () => {
  await smtp?.stop();
});

describe('Enlaces de los emails', () => {
  it('el enlace de cancelación de una reserva en catalán abre la página en catalán en un navegador nuevo en español', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app, { maxAttendees: 5 });
    const person = newPerson();
    const booked = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: person,
      headers: { [SESSION_TOKEN_HEADER]: `e2e-email-links-visitor-${sessionId}`, 'accept-language': 'ca-ES,ca;q=0.9' },
    });
    expect(booked.status).toBe(201);

    const mail = (await eventually(
      () => smtp.to(person.email).find((m) => m.subject.startsWith('Inscripció confirmada')),
      15_000,
      'the Catalan confirmation',
    )) as CapturedMail;
    const href = /<a href="([^"]*\/cancel\?token[^"]*)"/.exec(mail.html)?.[1] ?? '';
    const link = href.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/cancel\\?token=${booked.body.id}-[\\w-]+&lang=ca$`));
    const ics = mail.attachments.find((a) => a.filename === 'evento.ics')!.content.replace(/\r\n /g, '');
    expect(ics).toContain(`URL:${link}`);

    // The test's page is a fresh context in a Spanish browser (es-ES): nothing chosen before.
    expect(await page.evaluate(() => navigator.language)).toBe('es-ES');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: ca['cancel.title'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ca');
    await page.getByRole('button', { name: ca['cancel.confirm'] }).click();
    await page.getByRole('heading', { level: 1, name: ca['cancel.doneTitle'] }).waitFor();
    expect((await app.sql(`SELECT state FROM registrations WHERE id = $1`, [booked.body.id]))[0].state).toBe(1);
  });
});
