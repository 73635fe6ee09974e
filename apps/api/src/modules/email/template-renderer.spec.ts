import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ticketCode } from '../checkin/ticket-code';
import { type OutgoingMessage, NotSendable, composeEmail, withTicketImage } from './email-composer';
import {
  type Placeholders,
  htmlToTextTemplate,
  renderTemplate,
  sessionPlaceholders,
  templateProblem,
} from './template-renderer';

const values: Placeholders = {
  firstName: 'Ana <b>&</b> "Lo"',
  eventTitle: 'Tom & Jerry',
  eventDate: 'sábado, 20 de junio de 2026',
  eventTime: '18:00',
  eventEndTime: '19:30',
  eventTimeRange: '18:00 - 19:30',
  eventDateTime: 'sábado, 20 de junio de 2026, 18:00',
  cancellationUrl: 'https://reservas.example.com/cancel?token=1-abc&x=1',
  queuePosition: '3',
  address: 'Teatro, Calle Mayor 1, Madrid',
  bookingReference: 'R-000007',
  organizerName: 'Ayuntamiento',
  organizerContact: 'cultura@ayto.example.es',
  ticketCode: '7-ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ticketQr: '',
};

describe('templates', () => {
  it('escapes every value in HTML and leaves text parts as written', () => {
    // Handlebars also escapes "=" (a browser reads &#x3D; in an attribute as "=").
    expect(renderTemplate('<p>Hola {{firstName}}</p><a href="{{cancellationUrl}}">x</a>', values, 'html')).toBe(
      '<p>Hola Ana &lt;b&gt;&amp;&lt;/b&gt; &quot;Lo&quot;</p><a href="https://reservas.example.com/cancel?token&#x3D;1-abc&amp;x&#x3D;1">x</a>',
    );
    expect(renderTemplate('Hola {{firstName}}: {{eventTitle}}', values, 'text')).toBe(
      'Hola Ana <b>&</b> "Lo": Tom & Jerry',
    );
  });

  it('accepts the placeholders and if/unless blocks on them', () => {
    expect(
      templateProblem(
        '{{#if queuePosition}}Posición {{queuePosition}}{{else}}-{{/if}} {{#unless address}}sin lugar{{/unless}}',
        'html',
      ),
    ).toBeNull();
    expect(
      renderTemplate(
        '{{#if queuePosition}}Posición {{queuePosition}}{{/if}}',
        { ...values, queuePosition: '' },
        'text',
      ),
    ).toBe('');
  });

  it('refuses unknown placeholders, unescaped output, helpers, partials and broken syntax, in Spanish', () => {
    expect(templateProblem('Hola {{nombre}}', 'text')).toMatch(/^Marcador desconocido: \{\{nombre\}\}/);
    expect(templateProblem('{{constructor}}', 'html')).toMatch(/Marcador desconocido/);
    expect(templateProblem('{{firstName.length}}', 'html')).toMatch(/Marcador desconocido/);
    expect(templateProblem('{{{firstName}}}', 'html')).toMatch(/tres llaves/);
    expect(templateProblem('{{& firstName}}', 'html')).toMatch(/tres llaves/);
    expect(templateProblem('{{#each firstName}}x{{/each}}', 'html')).toMatch(/solo se admiten bloques/);
    expect(templateProblem('{{lookup firstName "x"}}', 'html')).toMatch(/no admite parámetros/);
    expect(templateProblem('{{> cabecera}}', 'html')).toMatch(/parciales/);
    expect(templateProblem('<p>\n{{#if firstName}}sin cerrar', 'html')).toMatch(
      /^La plantilla no es válida: error de sintaxis en la línea/,
    );
  });

  it('derives a plain-text template from HTML: blocks become lines, links keep their address', () => {
    const html =
      '<h1>Hola {{firstName}}</h1><p>Tu plaza en <strong>{{eventTitle}}</strong> &amp; más.<br>Fecha: {{eventDate}}</p><ul><li>Uno</li><li>Dos</li></ul><p><a href="{{cancellationUrl}}">Cancelar</a></p><script>x()</script>';
    expect(htmlToTextTemplate(html)).toBe(
      'Hola {{firstName}}\n\nTu plaza en {{eventTitle}} & más.\nFecha: {{eventDate}}\n\n- Uno\n- Dos\n\nCancelar ({{cancellationUrl}})',
    );
  });

  it('writes dates in Spanish, 24 h, in the event time zone', () => {
    const madrid = sessionPlaceholders({
      startsAt: new Date('2026-06-20T16:00:00Z'),
      endsAt: new Date('2026-06-20T17:30:00Z'),
      isAllDay: false,
      timeZone: 'Europe/Madrid',
    });
    expect(madrid).toEqual({
      eventDate: 'sábado, 20 de junio de 2026',
      eventTime: '18:00',
      eventEndTime: '19:30',
      eventTimeRange: '18:00 - 19:30',
      eventDateTime: 'sábado, 20 de junio de 2026, 18:00',
    });
    const canarias = sessionPlaceholders({
      startsAt: new Date('2026-01-10T22:30:00Z'),
      endsAt: new Date('2026-01-11T00:15:00Z'),
      isAllDay: false,
      timeZone: 'Atlantic/Canary',
    });
    expect(canarias.eventTimeRange).toBe('22:30 - domingo, 11 de enero de 2026, 00:15');
    const allDay = sessionPlaceholders({
      startsAt: new Date('2026-03-01T23:00:00Z'),
      endsAt: new Date('2026-03-02T22:59:00Z'),
      isAllDay: true,
      timeZone: 'Europe/Madrid',
    });
    expect(allDay).toMatchObject({
      eventDate: 'lunes, 2 de marzo de 2026',
      eventTime: 'Todo el día',
      eventTimeRange: 'Todo el día',
    });
  });
});

describe('composeEmail', () => {
  const message: OutgoingMessage = {
    id: 1,
    emailType: 'Registration',
    registrationId: 7,
    emailAddress: 'ana@example.com',
    recipientName: 'Ana García',
    data: {},
    attempts: 1,
    firstName: 'Ana',
    eventTitle: 'Concierto',
    place: 'Teatro',
    address: 'Calle Mayor 1',
    city: 'Madrid',
    organizerName: null,
    organizerEmail: null,
    organizerPhone: null,
    organizerWebsite: null,
    timeZone: 'Europe/Madrid',
    startsAt: new Date('2026-06-20T16:00:00Z'),
    endsAt: new Date('2026-06-20T17:30:00Z'),
    isAllDay: false,
    startDate: '2026-06-20',
    endDate: '2026-06-20',
    sessionEnded: false,
  };
  const template = {
    subject: 'Inscripción: {{eventTitle}}',
    htmlContent: '<p>{{firstName}} {{eventDateTime}} <a href="{{cancellationUrl}}">Cancelar</a></p>',
    plainTextContent: null,
  };
  const ctx = {
    activeTemplates: new Map([
      [0, template],
      [1, { ...template, subject: 'Cola {{queuePosition}}' }],
    ]),
    templatesById: new Map(),
    baseUrl: 'https://r.example.com',
    appSecret: 'x'.repeat(40),
  };

  it('fills the active template of the type and attaches the session as an .ics file', () => {
    const email = composeEmail(message, ctx);
    expect(email.subject).toBe('Inscripción: Concierto');
    expect(email.html).toMatch(
      /^<p>Ana sábado, 20 de junio de 2026, 18:00 <a href="https:\/\/r\.example\.com\/cancel\?token&#x3D;7-[\w-]{32}&amp;lang&#x3D;es">Cancelar<\/a><\/p>$/,
    );
    expect(email.text).toMatch(
      /^Ana sábado, 20 de junio de 2026, 18:00 Cancelar \(https:\/\/r\.example\.com\/cancel\?token=7-[\w-]{32}&lang=es\)$/,
    );
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments![0].content).toContain('DTSTART:20260620T160000Z');
    expect(email.attachments![0].content).toContain('LOCATION:Teatro\\, Calle Mayor 1\\, Madrid');
  });

  it('has no calendar for a Queue message, and fills its position', () => {
    const email = composeEmail({ ...message, emailType: 'Queue', data: { queuePosition: 4 } }, ctx);
    expect(email.subject).toBe('Cola 4');
    expect(email.attachments).toBeUndefined();
  });

  it('refuses what must not be sent, saying why', () => {
    expect(() => composeEmail({ ...message, emailType: 'Promotion' }, ctx)).toThrow(
      new NotSendable('No hay ninguna plantilla activa de tipo Plaza conseguida desde la lista de espera'),
    );
    expect(() => composeEmail({ ...message, sessionEnded: true }, ctx)).toThrow(/la sesión ya había terminado/);
    expect(() => composeEmail({ ...message, registrationId: null }, ctx)).toThrow(/la inscripción ya no existe/);
    expect(() => composeEmail({ ...message, emailType: 'Notification', data: { templateId: 99 } }, ctx)).toThrow(
      /ya no existe/,
    );
  });

  it('writes the built-in messages with the values escaped in HTML', () => {
    const cancel = composeEmail({ ...message, emailType: 'Cancellation', firstName: '<i>Ana</i>' }, ctx);
    expect(cancel.subject).toBe('Inscripción cancelada: Concierto');
    expect(cancel.html).toContain('Hola &lt;i&gt;Ana&lt;/i&gt;,');
    expect(cancel.text).toContain('Hola <i>Ana</i>,');
    const blacklist = composeEmail(
      { ...message, emailType: 'Blacklist', data: { expiresAt: '2026-12-31T22:59:59.999Z', reasonLabel: 'No Show' } },
      ctx,
    );
    expect(blacklist.text).toContain('hasta el 31 de diciembre de 2026');
    expect(blacklist.text).toContain('Motivo: No Show (Concierto)');
    // After a refused public registration (docs/domain.md, "Probing the blacklist and staff accounts").
    const refused = composeEmail(
      {
        ...message,
        emailType: 'Blacklist',
        data: { expiresAt: '2026-12-31T22:59:59.999Z', reasonLabel: 'No Show', refusedRegistration: true },
      },
      ctx,
    );
    expect(refused.subject).toBe('Inscripción no realizada');
    expect(refused.text).toContain('solicitud de inscripción con esta dirección de correo en Concierto');
    expect(refused.text).toContain('no podrás inscribirte en nuevos eventos hasta el 31 de diciembre de 2026');
    expect(refused.text).toContain('Motivo: No Show.');
    expect(refused.text).toContain('Si no has sido tú, no tienes que hacer nada.');
    const note = composeEmail(
      {
        ...message,
        emailType: 'Notification',
        data: { subject: 'Cambio de sala', message: 'Será en la sala 2 & <b>no</b> en la 1' },
      },
      ctx,
    );
    expect(note.subject).toBe('Cambio de sala');
    expect(note.html).toContain('Será en la sala 2 &amp; &lt;b&gt;no&lt;/b&gt; en la 1');
  });

  describe('the organiser in every e-mail about an event', () => {
    const organised: OutgoingMessage = {
      ...message,
      organizerName: 'Teatro "Tom & Jerry"',
      organizerEmail: 'taquilla@teatro.example.es',
      organizerPhone: null,
      organizerWebsite: 'https://teatro.example.es/?a=1&b=2',
    };
    const contact = 'taquilla@teatro.example.es · https://teatro.example.es/?a=1&b=2';

    it('fills bookingReference, organizerName and organizerContact (the contact parts set, joined)', () => {
      const withPlaceholders = {
        ...ctx,
        activeTemplates: new Map([
          [0, { ...template, htmlContent: '<p>{{bookingReference}} | {{organizerName}} | {{organizerContact}}</p>' }],
        ]),
      };
      const email = composeEmail(organised, withPlaceholders);
      expect(email.text).toBe(`R-000007 | Teatro "Tom & Jerry" | ${contact}`);
      expect(email.html).toBe(
        '<p>R-000007 | Teatro &quot;Tom &amp; Jerry&quot; | taquilla@teatro.example.es · https://teatro.example.es/?a&#x3D;1&amp;b&#x3D;2</p>',
      );
      const phoneOnly = composeEmail(
        { ...organised, organizerEmail: ' ', organizerWebsite: null, organizerPhone: '954 000 000' },
        withPlaceholders,
      );
      expect(phoneOnly.text).toBe('R-000007 | Teatro "Tom & Jerry" | 954 000 000');
    });

    it('appends "Organiza: name · contact" to a template that does not name the organiser, escaped in HTML', () => {
      const email = composeEmail(organised, ctx);
      expect(email.text).toMatch(
        new RegExp(`Cancelar \\(.*\\)\n\nOrganiza: Teatro "Tom & Jerry" · ${contact.replace(/[.?*+&/]/g, '\\$&')}$`),
      );
      expect(email.html).toMatch(
        /<\/p>\n<p style="color: #666; font-size: 13px;">Organiza: Teatro &quot;Tom &amp; Jerry&quot; · taquilla@teatro\.example\.es · https:\/\/teatro\.example\.es\/\?a&#x3D;1&amp;b&#x3D;2<\/p>$/,
      );
      // Inside the body of a whole HTML document.
      const documentTemplate = { ...template, htmlContent: '<html><body><p>{{firstName}}</p></body></html>' };
      const inDocument = composeEmail(organised, { ...ctx, activeTemplates: new Map([[0, documentTemplate]]) });
      expect(inDocument.html).toMatch(/<p>Ana<\/p><p style="[^"]+">Organiza: [^<]+<\/p>\n<\/body><\/html>$/);
    });

    it('adds nothing where the template names the organiser already, or the event has none', () => {
      const naming = { ...template, htmlContent: '<p>{{firstName}}. Organiza {{organizerName}}.</p>' };
      const email = composeEmail(organised, { ...ctx, activeTemplates: new Map([[0, naming]]) });
      expect(email.html).toBe('<p>Ana. Organiza Teatro &quot;Tom &amp; Jerry&quot;.</p>');
      expect(email.text).toBe('Ana. Organiza Teatro "Tom & Jerry".');
      expect(composeEmail({ ...message, organizerName: '' }, ctx).text).not.toContain('Organiza');
      const apostrophe = composeEmail(
        { ...organised, organizerName: "L'Auditori" },
        { ...ctx, activeTemplates: new Map([[0, naming]]) },
      );
      expect(apostrophe.html).toBe('<p>Ana. Organiza L&#x27;Auditori.</p>');
    });

    it('names the organiser in the built-in messages too: cancellation, blacklist, notification', () => {
      for (const data of [
        { emailType: 'Cancellation', data: {} },
        { emailType: 'Blacklist', data: { expiresAt: '2026-12-31T22:59:59.999Z', reasonLabel: 'No Show' } },
        { emailType: 'Notification', data: { message: 'Cambio de sala' } },
      ]) {
        const email = composeEmail({ ...organised, ...data }, ctx);
        expect(email.text).toContain(`Organiza: Teatro "Tom & Jerry" · ${contact}`);
        expect(email.html).toContain('Organiza: Teatro &quot;Tom &amp; Jerry&quot; · taquilla@teatro.example.es');
      }
    });
  });
});

describe('the ticket in confirmations', () => {
  const secret = '6f1c1d7e-3c55-4c2b-9d55-0c8f7d0a1b2c';
  const appSecret = 'x'.repeat(40);
  const code = ticketCode(appSecret, 7, secret);
  const message: OutgoingMessage = {
    id: 1,
    emailType: 'Registration',
    registrationId: 7,
    emailAddress: 'ana@example.com',
    recipientName: 'Ana García',
    data: {},
    attempts: 1,
    firstName: 'Ana',
    eventTitle: 'Concierto',
    place: null,
    address: null,
    city: null,
    organizerName: null,
    organizerEmail: null,
    organizerPhone: null,
    organizerWebsite: null,
    timeZone: 'Europe/Madrid',
    startsAt: null,
    endsAt: null,
    isAllDay: false,
    startDate: null,
    endDate: null,
    sessionEnded: false,
    registrationState: 0,
    ticketSecret: secret,
  };
  const ctxWith = (htmlContent: string, plainTextContent: string | null = null) => ({
    activeTemplates: new Map([
      [0, { subject: 'Entrada {{ticketQr}}', htmlContent, plainTextContent }],
      [2, { subject: 'Plaza', htmlContent, plainTextContent }],
      [3, { subject: 'Recordatorio', htmlContent, plainTextContent }],
    ]),
    templatesById: new Map(),
    baseUrl: 'https://r.example.com',
    appSecret,
  });
  const decode = (png: Buffer) => {
    const image = PNG.sync.read(png);
    return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  };

  it('{{ticketQr}} is an inline image in the HTML and nothing in the subject and text; the PNG decodes to the code', async () => {
    const composed = composeEmail(
      message,
      ctxWith('<p>{{ticketQr}}</p><p>{{ticketCode}}</p>', 'Código: {{ticketCode}}{{ticketQr}}'),
    );
    expect(composed.subject).toBe('Entrada');
    expect(composed.text).toBe(`Código: ${code}`);
    expect(composed.html).toBe(
      `<p><img src="cid:entrada-7@evreg" width="220" height="220" alt="Código QR de la entrada ${code}" style="display: block; width: 220px; height: 220px;"></p><p>${code}</p>`,
    );
    const email = await withTicketImage(composed);
    expect(email.attachments).toEqual([
      expect.objectContaining({ filename: 'entrada.png', contentType: 'image/png', cid: 'entrada-7@evreg' }),
    ]);
    expect(decode(email.attachments![0].content as Buffer)).toBe(code);
  });

  it('a confirmation or reminder whose template shows no ticket gets the "Tu entrada" section with the QR and the code', async () => {
    for (const emailType of ['Registration', 'Promotion', 'Reminder']) {
      const email = await withTicketImage(
        composeEmail({ ...message, emailType }, ctxWith('<p>Hola {{firstName}}</p>')),
      );
      expect(email.html).toMatch(/^<p>Hola Ana<\/p>\n<p><strong>Tu entrada<\/strong>/);
      expect(email.html).toContain('<img src="cid:entrada-7@evreg"');
      expect(email.html).toContain(`>${code}</p>`);
      expect(email.text).toContain(`Tu entrada: ${code}`);
      expect(decode(email.attachments![0].content as Buffer)).toBe(code);
    }
  });

  it('no ticket while waiting or cancelled, nor in other messages: the placeholders are empty and nothing is attached', async () => {
    for (const registrationState of [1, 2]) {
      const email = await withTicketImage(
        composeEmail(
          { ...message, registrationState },
          ctxWith('<p>{{#if ticketCode}}Entrada {{ticketCode}}{{ticketQr}}{{/if}}Hola</p>'),
        ),
      );
      expect(email.html).toBe('<p>Hola</p>');
      expect(email.text).not.toContain('Tu entrada');
      expect(email.attachments).toBeUndefined();
    }
    const cancelled = composeEmail({ ...message, emailType: 'Cancellation' }, ctxWith('<p></p>'));
    expect(cancelled.text).not.toContain(code);
  });
});
