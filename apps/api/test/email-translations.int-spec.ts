import type { QueryRunner } from 'typeorm';
import { SmtpCapture, TestApp, attendee, eventually, insertSession, useSmtp, type CapturedMail } from '@evreg/testing';
import { DefaultTemplateTranslations1764000000400 } from '../src/database/migrations/1764000000400-DefaultTemplateTranslations';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import { eventBody, longDate } from './support/http-helpers';

/** What a person reads in each language: the subjects of the four template types, the date's label and locale, the
 * ticket's note, the .ics cancellation line. Written out here, apart from the templates, as the reader sees them. */
const EXPECTED = {
  es: {
    locale: 'es-ES',
    title: 'Concierto de otoño',
    confirmed: 'Inscripción confirmada: ',
    queued: 'Estás en la lista de espera: ',
    promoted: '¡Tienes plaza! ',
    reminder: 'Recordatorio: ',
    greeting: (name: string) => `Hola ${name},`,
    date: 'Fecha',
    position: 'Tu posición en la lista: 1',
    ticket: 'Tu entrada',
    ticketHint: 'Muestra el código QR de la versión HTML de este correo en la entrada del evento, o di este código.',
    calendar: 'Para cancelar tu inscripción: ',
  },
  ca: {
    locale: 'ca-ES',
    title: 'Concert de tardor',
    confirmed: 'Inscripció confirmada: ',
    queued: "Ets a la llista d'espera: ",
    promoted: 'Ja tens plaça! ',
    reminder: 'Recordatori: ',
    greeting: (name: string) => `Hola, ${name}:`,
    date: 'Data',
    position: 'La teva posició a la llista: 1',
    ticket: 'La teva entrada',
    ticketHint:
      "Mostra el codi QR de la versió HTML d'aquest correu a l'entrada de l'esdeveniment, o digues aquest codi.",
    calendar: 'Per cancel·lar la teva inscripció: ',
  },
  eu: {
    locale: 'eu-ES',
    title: 'Udazkeneko kontzertua',
    confirmed: 'Izen-ematea berretsita: ',
    queued: 'Itxarote-zerrendan zaude: ',
    promoted: 'Plaza duzu! ',
    reminder: 'Oroigarria: ',
    greeting: (name: string) => `Kaixo, ${name}:`,
    date: 'Data',
    position: 'Zerrendan duzun postua: 1',
    ticket: 'Zure sarrera',
    ticketHint: 'Erakutsi mezu honen HTML bertsioko QR kodea ekitaldiaren sarreran, edo esan kode hau.',
    calendar: 'Izena ematea bertan behera uzteko: ',
  },
  gl: {
    locale: 'gl-ES',
    title: 'Concerto de outono',
    confirmed: 'Inscrición confirmada: ',
    queued: 'Estás na lista de espera: ',
    promoted: 'Tes praza! ',
    reminder: 'Lembrete: ',
    greeting: (name: string) => `Ola, ${name}:`,
    date: 'Data',
    position: 'A túa posición na lista: 1',
    ticket: 'A túa entrada',
    ticketHint: 'Amosa o código QR da versión HTML deste correo na entrada do evento, ou di este código.',
    calendar: 'Para cancelar a túa inscrición: ',
  },
  en: {
    locale: 'en-GB',
    title: 'Autumn concert',
    confirmed: 'Registration confirmed: ',
    queued: 'You are on the waiting list: ',
    promoted: 'You have a place! ',
    reminder: 'Reminder: ',
    greeting: (name: string) => `Hello ${name},`,
    date: 'Date',
    position: 'Your position on the list: 1',
    ticket: 'Your ticket',
    ticketHint: 'Show the QR code in the HTML version of this email at the event entrance, or read out this code.',
    calendar: 'To cancel your registration: ',
  },
} as const;
type Language = keyof typeof EXPECTED;
const LANGUAGES = Object.keys(EXPECTED) as Language[];
const ACCEPT: Record<Language, string> = {
  es: 'es-ES,es;q=0.9',
  ca: 'ca-ES,ca;q=0.9,es;q=0.8',
  eu: 'eu-ES,eu;q=0.9,es;q=0.8',
  gl: 'gl-ES,gl;q=0.9',
  en: 'en-GB,en;q=0.9',
};
/** Spanish that must not show up in a message in another language (Galician shares 'Horario', 'Organiza'...). */
const SPANISH_ONLY = [
  'Fecha:',
  'Tu entrada',
  'Adjuntamos',
  'Este mensaje se ha',
  'Cancelar mi inscripción',
  'Para cancelar tu',
];

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const textOf = (mail: CapturedMail) => mail.text.replace(/\r\n/g, '\n');
const icsOf = (mail: CapturedMail) =>
  mail.attachments.find((a) => a.filename === 'evento.ics')?.content.replace(/\r\n /g, '') ?? '';
/** The cancellation link of the HTML part, its entities decoded. */
const linkOf = (mail: CapturedMail) =>
  (/href="([^"]*\/cancel\?token[^"]*)"/.exec(mail.html)?.[1] ?? '').replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');

/** The default templates in the five languages (docs/domain.md, "Idiomas: datos"): each booking's e-mails, read
 * back from a real SMTP server, are in its booking language (subject, body, dates, the ticket's note, links, the
 * .ics); the migration adds the translations only where staff never edited the templates. */
describe('Default e-mails in the booking language', () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    // Reminders are swept when the test asks.
    app = await TestApp.start({ env: { EMAIL_SWEEP_INTERVAL_MS: '300', REMINDER_SWEEP_INTERVAL_MS: '3600000' } });
    admin = await app.adminToken();
    await useSmtp(app, admin, smtp, { baseUrl: 'https://reservas.example.com/' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  const mailTo = (address: string, subjectStart: string): Promise<CapturedMail> =>
    eventually(
      () => smtp.to(address).find((m) => m.subject.startsWith(subjectStart)),
      15_000,
      `'${subjectStart}' to ${address}`,
    ) as Promise<CapturedMail>;

  it('one booking per language: confirmation, waiting list, reminder and promotion in that language, dates, ticket, links and .ics too', async () => {
    const translations = Object.fromEntries(
      LANGUAGES.filter((l) => l !== 'es').map((l) => [l, { title: EXPECTED[l].title }]),
    );
    const created = await app.request('POST', '/api/events', {
      token: admin,
      body: eventBody(8100, { title: EXPECTED.es.title, translations }),
    });
    expect(created.status).toBe(201);

    for (const [i, language] of LANGUAGES.entries()) {
      const x = EXPECTED[language];
      // One seat, starting within the reminder window: a seated person and a waiting one.
      const sessionId = await insertSession(app, 8100, { maxAttendees: 1, maxQueueSpots: 3, startsInHours: 2 });
      const [{ starts_at: startsAt }] = await app.sql(`SELECT starts_at FROM event_sessions WHERE id = $1`, [
        sessionId,
      ]);
      const day = longDate(x.locale, startsAt);
      const seated = attendee(8110 + i * 2);
      const waiting = attendee(8111 + i * 2);
      const book = (person: object) =>
        app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...person },
          headers: { 'accept-language': ACCEPT[language] },
        });
      const first = await book(seated);
      expect(first.status).toBe(201);
      expect((await book(waiting)).body.queued).toBe(true);

      const confirmation = await mailTo(seated.email, x.confirmed);
      expect(confirmation.subject).toBe(`${x.confirmed}${x.title}`);
      const text = textOf(confirmation);
      const code = first.body.results[0].ticketCode as string;
      expect(code).toMatch(new RegExp(`^${first.body.id}-`));
      expect(text.startsWith(`${x.greeting(seated.firstName)}\n\n`)).toBe(true);
      expect(text).toContain(`${x.date}: ${day}\n`);
      expect(text).toContain(`${x.ticket}: ${code}\n${x.ticketHint}`);
      expect(confirmation.html).toContain(`<strong>${x.ticket}</strong>`);
      expect(confirmation.html).toMatch(/<img src="cid:entrada-\d+@evreg"/);
      expect(confirmation.attachments.map((a) => a.filename).sort()).toEqual(['entrada.png', 'evento.ics']);
      const link = linkOf(confirmation);
      expect(link).toMatch(
        new RegExp(`^https://reservas\\.example\\.com/cancel\\?token=${first.body.id}-[\\w-]+&lang=${language}$`),
      );
      expect(text).toContain(link);
      const ics = icsOf(confirmation);
      expect(ics).toContain(`SUMMARY:${x.title}`);
      expect(ics).toContain(`DESCRIPTION:${x.calendar}${link}`);
      expect(ics).toContain(`URL:${link}`);

      const queued = await mailTo(waiting.email, x.queued);
      expect(queued.subject).toBe(`${x.queued}${x.title}`);
      expect(textOf(queued)).toContain(`${x.position}\n`);
      expect(textOf(queued)).toContain(`${x.date}: ${day}\n`);
      expect(linkOf(queued)).toMatch(new RegExp(`&lang=${language}$`));

      // Booked days ago (a reminder time can't be waited for): the reminder is due.
      await app.sql(
        `UPDATE registrations SET registered_at = registered_at - interval '3 days', created_at = created_at - interval '3 days' WHERE id = $1`,
        [first.body.id],
      );
      expect(await app.running.app.get(RemindersService).sweep()).toBe(1);
      const reminder = await mailTo(seated.email, x.reminder);
      expect(reminder.subject).toMatch(new RegExp(`^${escaped(`${x.reminder}${x.title}, ${day}`)}, \\d\\d:\\d\\d$`));
      expect(textOf(reminder)).toContain(`${x.date}: ${day}\n`);
      // The reminder, read on the way to the door, carries the ticket as the confirmation does.
      expect(textOf(reminder)).toContain(`${x.ticket}: ${code}\n${x.ticketHint}`);
      expect(reminder.html).toMatch(/<img src="cid:entrada-\d+@evreg"/);
      expect(reminder.attachments.some((a) => a.filename === 'entrada.png')).toBe(true);
      expect(linkOf(reminder)).toBe(link);

      const cancelled = await app.request('POST', `/api/registrations/${first.body.id}/cancel`, { token: admin });
      expect(cancelled.status).toBe(200);
      const promoted = await mailTo(waiting.email, x.promoted);
      expect(promoted.subject).toBe(`${x.promoted}${x.title}`);
      expect(textOf(promoted)).toContain(`${x.ticket}: `);
      expect(icsOf(promoted)).toContain(`SUMMARY:${x.title}`);
      expect(linkOf(promoted)).toMatch(new RegExp(`&lang=${language}$`));

      if (language !== 'es')
        for (const mail of [confirmation, queued, reminder, promoted])
          for (const spanish of SPANISH_ONLY)
            expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(spanish);
    }
  }, 120_000);

  /** The migration as on an install upgraded from before it: the translations removed again, then added back. */
  const migration = new DefaultTemplateTranslations1764000000400();
  const runner = { query: (sql: string, params?: unknown[]) => app.sql(sql, params) } as unknown as QueryRunner;
  const languagesOf = async (type: number) =>
    (
      await app.sql<{ language: string }>(
        `SELECT language FROM email_templates WHERE template_type = $1 ORDER BY language`,
        [type],
      )
    ).map((r) => r.language);

  it('the migration adds the four translations of each type whose templates staff never edited, and leaves the rest as staff left them', async () => {
    // A fresh install has them all, active, one per type and language.
    const fresh = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_templates WHERE is_active GROUP BY template_type, language`,
    );
    expect(fresh).toHaveLength(20);
    const spanishReminder = () =>
      app.sql<{ ticket: boolean; untouched: boolean }>(
        `SELECT strpos(html_content, '{{ticketQr}}') > 0 AND strpos(plain_text_content, '{{ticketCode}}') > 0 AS ticket,
                updated_at = created_at AS untouched
           FROM email_templates WHERE template_type = 3 AND language = 'es'`,
      );
    expect(await spanishReminder()).toEqual([{ ticket: true, untouched: true }]);
    await migration.down(runner);
    expect(await app.sql(`SELECT DISTINCT language FROM email_templates`)).toEqual([{ language: 'es' }]);
    // The reminder as it was before: no ticket.
    expect(await spanishReminder()).toEqual([{ ticket: false, untouched: true }]);

    // Staff edited the Spanish confirmation (one word), and wrote their own Catalan waiting-list template.
    const templates = (await app.request('GET', '/api/email-templates', { token: admin })).body as {
      id: number;
      templateType: number;
      subject: string;
      htmlContent: string;
      plainTextContent: string;
      name: string;
    }[];
    const confirmation = templates.find((t) => t.templateType === 0)!;
    const edited = await app.request('PUT', `/api/email-templates/${confirmation.id}`, {
      token: admin,
      body: {
        name: confirmation.name,
        subject: `¡Apuntado! ${confirmation.subject}`,
        htmlContent: confirmation.htmlContent,
        plainTextContent: confirmation.plainTextContent,
        templateType: 0,
        isActive: true,
      },
    });
    expect(edited.status).toBe(200);
    const own = await app.request('POST', '/api/email-templates', {
      token: admin,
      body: {
        name: 'Llista d’espera (nostra)',
        subject: "Llista d'espera: {{eventTitle}}",
        htmlContent: '<p>Ets el número {{queuePosition}}.</p>',
        templateType: 1,
        language: 'ca',
        isActive: false,
      },
    });
    expect(own.status).toBe(201);

    await migration.up(runner);
    await migration.up(runner); // Run twice (a retried deploy): nothing doubles.
    expect(await languagesOf(0)).toEqual(['es']);
    expect(await languagesOf(1)).toEqual(['ca', 'en', 'es', 'eu', 'gl']);
    expect(await languagesOf(2)).toEqual(['ca', 'en', 'es', 'eu', 'gl']);
    expect(await languagesOf(3)).toEqual(['ca', 'en', 'es', 'eu', 'gl']);
    expect(await spanishReminder()).toEqual([{ ticket: true, untouched: true }]);
    // Staff's Catalan template untouched (still inactive, no default beside it).
    expect(
      await app.sql(`SELECT id, subject, is_active FROM email_templates WHERE template_type = 1 AND language = 'ca'`),
    ).toEqual([{ id: own.body.id, subject: "Llista d'espera: {{eventTitle}}", is_active: false }]);
    const added = await app.sql<{ name: string; is_active: boolean; subject: string }>(
      `SELECT name, is_active, subject FROM email_templates WHERE template_type = 2 AND language = 'gl'`,
    );
    expect(added).toEqual([
      { name: 'Plaza conseguida (gallego)', is_active: true, subject: 'Tes praza! {{eventTitle}}' },
    ]);

    // A translation staff edited stays when the migration is undone; the untouched ones go.
    const [english] = await app.sql<{ id: number }>(
      `SELECT id FROM email_templates WHERE template_type = 3 AND language = 'en'`,
    );
    await app.sql(`UPDATE email_templates SET subject = 'Soon: {{eventTitle}}', updated_at = now() WHERE id = $1`, [
      english.id,
    ]);
    await migration.down(runner);
    expect(await languagesOf(3)).toEqual(['en', 'es']);
    expect(await languagesOf(2)).toEqual(['es']);
  });
});
