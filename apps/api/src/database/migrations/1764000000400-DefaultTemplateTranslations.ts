import { MigrationInterface, QueryRunner } from 'typeorm';

/** The default templates of the four types in Catalan, Basque, Galician and English, beside the Spanish ones
 * (docs/domain.md, "Idiomas: datos", "Default translations"); and the reminder's default carries the ticket as the
 * confirmations' do (its 'Tu entrada' section with the QR and the code), in Spanish where staff never edited it. A type and language gets its default, active, only
 * where staff never edited that type's templates: its active Spanish template is still exactly the shipped default
 * (subject, HTML and text as the earlier migrations left them, never saved since: updated_at = created_at) and no
 * template of that type exists in that language (active or not). Anywhere else nothing is added: an organiser who
 * rewrote the Spanish text would get a translation of a text they no longer send. Texts written here (not
 * imported) so this migration stays what it was when it ran. */
export class DefaultTemplateTranslations1764000000400 implements MigrationInterface {
  name = 'DefaultTemplateTranslations1764000000400';

  async up(q: QueryRunner): Promise<void> {
    for (const type of TYPES) {
      // The reminder's Spanish default as earlier migrations left it (without the ticket) or as this one leaves it.
      const spanish = [defaultTemplate(type, 'es', false), defaultTemplate(type, 'es')];
      for (const language of TRANSLATED) {
        const t = defaultTemplate(type, language);
        await q.query(
          `INSERT INTO email_templates (name, subject, html_content, plain_text_content, template_type, language, is_active)
           SELECT $1, $2, $3, $4, $5::smallint, $6::varchar, true
            WHERE NOT EXISTS (SELECT 1 FROM email_templates WHERE template_type = $5::smallint AND language = $6::varchar)
              AND EXISTS (SELECT 1 FROM email_templates
                           WHERE template_type = $5::smallint AND language = 'es' AND is_active AND updated_at = created_at
                             AND subject = $7 AND (html_content, plain_text_content) IN (($8, $9), ($10, $11)))`,
          [
            t.name,
            t.subject,
            t.html,
            t.text,
            type,
            language,
            spanish[0].subject,
            spanish[0].html,
            spanish[0].text,
            spanish[1].html,
            spanish[1].text,
          ],
        );
      }
    }
    await swapSpanishReminder(q, defaultTemplate(3, 'es', false), defaultTemplate(3, 'es'));
  }

  /** Removes the defaults still as shipped; a translation staff edited stays. */
  async down(q: QueryRunner): Promise<void> {
    await swapSpanishReminder(q, defaultTemplate(3, 'es'), defaultTemplate(3, 'es', false));
    for (const type of TYPES)
      for (const language of TRANSLATED) {
        const t = defaultTemplate(type, language);
        await q.query(
          `DELETE FROM email_templates
            WHERE template_type = $1 AND language = $2 AND updated_at = created_at
              AND subject = $3 AND html_content = $4 AND plain_text_content = $5`,
          [type, language, t.subject, t.html, t.text],
        );
      }
  }
}

/** The Spanish reminder default from one version to the other, where staff never edited it. */
async function swapSpanishReminder(q: QueryRunner, from: Template, to: Template): Promise<void> {
  await q.query(
    `UPDATE email_templates SET html_content = $3, plain_text_content = $4
      WHERE template_type = 3 AND language = 'es' AND updated_at = created_at
        AND html_content = $1 AND plain_text_content = $2`,
    [from.html, from.text, to.html, to.text],
  );
}

type Template = { name: string; subject: string; html: string; text: string };
const TYPES = [0, 1, 2, 3] as const;
type TemplateType = (typeof TYPES)[number];
const TRANSLATED = ['ca', 'eu', 'gl', 'en'] as const;
type Language = 'es' | (typeof TRANSLATED)[number];

/** The words of the defaults in one language. `{{eventTitle}}` in an intro is bold in the HTML part. */
interface Words {
  /** How staff (who read Spanish) see the template's name: '<Spanish name> (<language>)'. */
  languageName: string;
  greeting: string;
  event: string;
  date: string;
  time: string;
  place: string;
  reference: string;
  organizer: string;
  ticketTitle: string;
  ticketHtmlHint: string;
  ticketTextHint: string;
  attached: string;
  cancelAsk: string;
  cancelLink: string;
  seeYou: string;
  automatic: string;
  confirmedSubject: string;
  confirmed: string;
  queueSubject: string;
  queued: string;
  position: string;
  queueNext: string;
  queueLeaveAsk: string;
  queueLeaveLink: string;
  promotedSubject: string;
  promoted: string;
  reminderSubject: string;
  reminder: string;
  /** Ends with ':' (the link follows); the text part ends it with '.' and gives the link after the link's words. */
  reminderAsk: string;
  reminderLink: string;
}

const WORDS: Record<Language, Words> = {
  es: {
    languageName: '',
    greeting: 'Hola {{firstName}},',
    event: 'Evento',
    date: 'Fecha',
    time: 'Horario',
    place: 'Lugar',
    reference: 'Referencia',
    organizer: 'Organiza',
    ticketTitle: 'Tu entrada',
    ticketHtmlHint: 'Muestra este código QR en la entrada del evento (o di el código si no puedes mostrarlo):',
    ticketTextHint:
      'Muestra el código QR de la versión HTML de este correo en la entrada del evento, o di este código.',
    attached: 'Adjuntamos el evento para que puedas añadirlo a tu calendario.',
    cancelAsk: 'Si no puedes asistir, cancela tu plaza para que otra persona pueda ocuparla:',
    cancelLink: 'Cancelar mi inscripción',
    seeYou: '¡Te esperamos!',
    automatic: 'Este mensaje se ha enviado automáticamente; por favor, no respondas a este correo.',
    confirmedSubject: 'Inscripción confirmada: {{eventTitle}}',
    confirmed: 'Tu inscripción en {{eventTitle}} está confirmada.',
    queueSubject: 'Estás en la lista de espera: {{eventTitle}}',
    queued: 'No quedaban plazas libres en {{eventTitle}}, así que te hemos apuntado a la lista de espera.',
    position: 'Tu posición en la lista',
    queueNext: 'Si se libera una plaza te la asignaremos por orden de lista y te avisaremos por email.',
    queueLeaveAsk: 'Si ya no te interesa, puedes salir de la lista:',
    queueLeaveLink: 'Salir de la lista de espera',
    promotedSubject: '¡Tienes plaza! {{eventTitle}}',
    promoted:
      '¡Buenas noticias! Se ha liberado una plaza en {{eventTitle}} y ya es tuya: tu inscripción está confirmada.',
    reminderSubject: 'Recordatorio: {{eventTitle}}, {{eventDateTime}}',
    reminder: 'Te recordamos que tienes plaza en {{eventTitle}}.',
    reminderAsk:
      'Si al final no puedes venir, libera tu plaza para que la ocupe la siguiente persona de la lista de espera:',
    reminderLink: 'Ya no puedo asistir',
  },
  ca: {
    languageName: 'catalán',
    greeting: 'Hola, {{firstName}}:',
    event: 'Esdeveniment',
    date: 'Data',
    time: 'Horari',
    place: 'Lloc',
    reference: 'Referència',
    organizer: 'Organitza',
    ticketTitle: 'La teva entrada',
    ticketHtmlHint: "Mostra aquest codi QR a l'entrada de l'esdeveniment (o digues el codi si no el pots mostrar):",
    ticketTextHint:
      "Mostra el codi QR de la versió HTML d'aquest correu a l'entrada de l'esdeveniment, o digues aquest codi.",
    attached: "T'adjuntem l'esdeveniment perquè el puguis afegir al teu calendari.",
    cancelAsk: 'Si no hi pots assistir, cancel·la la teva plaça perquè la pugui ocupar una altra persona:',
    cancelLink: 'Cancel·la la meva inscripció',
    seeYou: "T'hi esperem!",
    automatic: "Aquest missatge s'ha enviat automàticament; si us plau, no responguis a aquest correu.",
    confirmedSubject: 'Inscripció confirmada: {{eventTitle}}',
    confirmed: 'La teva inscripció a {{eventTitle}} està confirmada.',
    queueSubject: "Ets a la llista d'espera: {{eventTitle}}",
    queued: "No quedaven places lliures a {{eventTitle}}, així que t'hem apuntat a la llista d'espera.",
    position: 'La teva posició a la llista',
    queueNext: "Si s'allibera una plaça, te l'assignarem per ordre de llista i t'avisarem per correu electrònic.",
    queueLeaveAsk: "Si ja no t'interessa, pots sortir de la llista:",
    queueLeaveLink: "Surt de la llista d'espera",
    promotedSubject: 'Ja tens plaça! {{eventTitle}}',
    promoted:
      "Bones notícies! S'ha alliberat una plaça a {{eventTitle}} i ja és teva: la teva inscripció està confirmada.",
    reminderSubject: 'Recordatori: {{eventTitle}}, {{eventDateTime}}',
    reminder: 'Et recordem que tens plaça a {{eventTitle}}.',
    reminderAsk:
      "Si al final no hi pots anar, allibera la teva plaça perquè l'ocupi la persona següent de la llista d'espera:",
    reminderLink: 'Ja no hi puc assistir',
  },
  eu: {
    languageName: 'euskera',
    greeting: 'Kaixo, {{firstName}}:',
    event: 'Ekitaldia',
    date: 'Data',
    time: 'Ordutegia',
    place: 'Lekua',
    reference: 'Erreferentzia',
    organizer: 'Antolatzailea',
    ticketTitle: 'Zure sarrera',
    ticketHtmlHint: 'Erakutsi QR kode hau ekitaldiaren sarreran (edo esan kodea, ezin baduzu erakutsi):',
    ticketTextHint: 'Erakutsi mezu honen HTML bertsioko QR kodea ekitaldiaren sarreran, edo esan kode hau.',
    attached: 'Ekitaldia eransten dizugu, zure egutegira gehi dezazun.',
    cancelAsk: 'Ezin baduzu joan, utzi bertan behera zure izen-ematea, beste norbaitek zure plaza har dezan:',
    cancelLink: 'Utzi bertan behera nire izen-ematea',
    seeYou: 'Zure zain izango gara!',
    automatic: 'Mezu hau automatikoki bidali da; mesedez, ez erantzun mezu honi.',
    confirmedSubject: 'Izen-ematea berretsita: {{eventTitle}}',
    confirmed: '{{eventTitle}} ekitaldirako zure izen-ematea berretsita dago.',
    queueSubject: 'Itxarote-zerrendan zaude: {{eventTitle}}',
    queued: 'Ez zegoen plaza librerik {{eventTitle}} ekitaldian; beraz, itxarote-zerrendan sartu zaitugu.',
    position: 'Zerrendan duzun postua',
    queueNext:
      'Plazaren bat libratzen bada, zerrendaren ordenari jarraituz esleituko dugu, eta posta elektronikoz jakinaraziko dizugu.',
    queueLeaveAsk: 'Jada interesatzen ez bazaizu, zerrendatik irten zaitezke:',
    queueLeaveLink: 'Irten itxarote-zerrendatik',
    promotedSubject: 'Plaza duzu! {{eventTitle}}',
    promoted:
      'Albiste onak! Plaza bat libratu da {{eventTitle}} ekitaldian, eta zurea da: zure izen-ematea berretsita dago.',
    reminderSubject: 'Oroigarria: {{eventTitle}}, {{eventDateTime}}',
    reminder: 'Gogorarazten dizugu plaza duzula {{eventTitle}} ekitaldian.',
    reminderAsk: 'Azkenean ezin baduzu etorri, askatu zure plaza, itxarote-zerrendako hurrengo pertsonak har dezan:',
    reminderLink: 'Ezin izango naiz joan',
  },
  gl: {
    languageName: 'gallego',
    greeting: 'Ola, {{firstName}}:',
    event: 'Evento',
    date: 'Data',
    time: 'Horario',
    place: 'Lugar',
    reference: 'Referencia',
    organizer: 'Organiza',
    ticketTitle: 'A túa entrada',
    ticketHtmlHint: 'Amosa este código QR na entrada do evento (ou di o código se non podes amosalo):',
    ticketTextHint: 'Amosa o código QR da versión HTML deste correo na entrada do evento, ou di este código.',
    attached: 'Achegámosche o evento para que poidas engadilo ao teu calendario.',
    cancelAsk: 'Se non podes asistir, cancela a túa praza para que outra persoa poida ocupala:',
    cancelLink: 'Cancelar a miña inscrición',
    seeYou: 'Agardámoste!',
    automatic: 'Esta mensaxe enviouse automaticamente; por favor, non respondas a este correo.',
    confirmedSubject: 'Inscrición confirmada: {{eventTitle}}',
    confirmed: 'A túa inscrición en {{eventTitle}} está confirmada.',
    queueSubject: 'Estás na lista de espera: {{eventTitle}}',
    queued: 'Non quedaban prazas libres en {{eventTitle}}, así que te apuntamos na lista de espera.',
    position: 'A túa posición na lista',
    queueNext: 'Se queda libre unha praza, asignarémoscha por orde de lista e avisarémoste por correo electrónico.',
    queueLeaveAsk: 'Se xa non che interesa, podes saír da lista:',
    queueLeaveLink: 'Saír da lista de espera',
    promotedSubject: 'Tes praza! {{eventTitle}}',
    promoted: 'Boas novas! Quedou libre unha praza en {{eventTitle}} e xa é túa: a túa inscrición está confirmada.',
    reminderSubject: 'Lembrete: {{eventTitle}}, {{eventDateTime}}',
    reminder: 'Lembrámosche que tes praza en {{eventTitle}}.',
    reminderAsk: 'Se ao final non podes vir, libera a túa praza para que a ocupe a seguinte persoa da lista de espera:',
    reminderLink: 'Xa non podo asistir',
  },
  en: {
    languageName: 'inglés',
    greeting: 'Hello {{firstName}},',
    event: 'Event',
    date: 'Date',
    time: 'Time',
    place: 'Venue',
    reference: 'Reference',
    organizer: 'Organiser',
    ticketTitle: 'Your ticket',
    ticketHtmlHint: 'Show this QR code at the event entrance (or read out the code if you cannot show it):',
    ticketTextHint: 'Show the QR code in the HTML version of this email at the event entrance, or read out this code.',
    attached: 'The event is attached so that you can add it to your calendar.',
    cancelAsk: 'If you cannot attend, please cancel your place so that someone else can have it:',
    cancelLink: 'Cancel my registration',
    seeYou: 'We look forward to seeing you!',
    automatic: 'This message was sent automatically; please do not reply to this email.',
    confirmedSubject: 'Registration confirmed: {{eventTitle}}',
    confirmed: 'Your registration for {{eventTitle}} is confirmed.',
    queueSubject: 'You are on the waiting list: {{eventTitle}}',
    queued: 'There were no places left for {{eventTitle}}, so we have put you on the waiting list.',
    position: 'Your position on the list',
    queueNext: 'If a place becomes free, we will allocate it in list order and let you know by email.',
    queueLeaveAsk: 'If you are no longer interested, you can leave the list:',
    queueLeaveLink: 'Leave the waiting list',
    promotedSubject: 'You have a place! {{eventTitle}}',
    promoted: 'Good news! A place has become free for {{eventTitle}} and it is yours: your registration is confirmed.',
    reminderSubject: 'Reminder: {{eventTitle}}, {{eventDateTime}}',
    reminder: 'This is a reminder that you have a place at {{eventTitle}}.',
    reminderAsk: 'If you can no longer come, please free up your place for the next person on the waiting list:',
    reminderLink: 'I can no longer attend',
  },
};

const NAMES: Record<TemplateType, string> = {
  0: 'Confirmación de inscripción',
  1: 'Lista de espera',
  2: 'Plaza conseguida',
  3: 'Recordatorio',
};

const bold = (line: string) => line.replace('{{eventTitle}}', '<strong>{{eventTitle}}</strong>');

/** The default of a type in a language, laid out as the Spanish one is (the same placeholders, lines and HTML);
 * in Spanish it is the shipped Spanish default. `reminderTicket` false: the reminder as it was before this
 * migration, without the ticket (the Spanish one this migration compares with). */
export function defaultTemplate(type: TemplateType, language: Language, reminderTicket = true): Template {
  const w = WORDS[language];
  const contact = '{{#if organizerContact}} · {{organizerContact}}{{/if}}';
  const details = `<ul>
  <li><strong>${w.event}:</strong> {{eventTitle}}</li>
  <li><strong>${w.date}:</strong> {{eventDate}}</li>
  <li><strong>${w.time}:</strong> {{eventTimeRange}}</li>
  <li><strong>${w.place}:</strong> {{address}}</li>
  <li><strong>${w.reference}:</strong> {{bookingReference}}</li>
{{#if organizerName}}  <li><strong>${w.organizer}:</strong> {{organizerName}}${contact}</li>
{{/if}}</ul>`;
  const textDetails = `${w.event}: {{eventTitle}}
${w.date}: {{eventDate}}
${w.time}: {{eventTimeRange}}
${w.place}: {{address}}
${w.reference}: {{bookingReference}}
{{#if organizerName}}${w.organizer}: {{organizerName}}${contact}
{{/if}}`;
  const ticket = `{{#if ticketCode}}<p><strong>${w.ticketTitle}</strong><br>
${w.ticketHtmlHint}</p>
<p>{{ticketQr}}</p>
<p style="font-family: monospace; font-size: 16px;">{{ticketCode}}</p>
{{/if}}`;
  const textTicket = `{{#if ticketCode}}${w.ticketTitle}: {{ticketCode}}
${w.ticketTextHint}

{{/if}}`;
  const cancel = `<p>${w.cancelAsk}<br>
<a href="{{cancellationUrl}}">${w.cancelLink}</a></p>`;
  const layout = (body: string) =>
    `<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222; max-width: 600px;">
<p>${w.greeting}</p>
${body}
<p style="color: #666; font-size: 13px;">${w.automatic}</p>
</div>`;
  const name = w.languageName ? `${NAMES[type]} (${w.languageName})` : NAMES[type];

  switch (type) {
    case 0:
    case 2: {
      const [subject, intro] = type === 0 ? [w.confirmedSubject, w.confirmed] : [w.promotedSubject, w.promoted];
      const seeYou = type === 0 ? `\n<p>${w.seeYou}</p>` : '';
      return {
        name,
        subject,
        html: layout(`<p>${bold(intro)}</p>
${details}
${ticket}<p>${w.attached}</p>
${cancel}${seeYou}`),
        text: `${w.greeting}

${intro}

${textDetails}
${textTicket}${w.cancelAsk}
{{cancellationUrl}}${type === 0 ? `\n\n${w.seeYou}` : ''}`,
      };
    }
    case 1:
      return {
        name,
        subject: w.queueSubject,
        html: layout(`<p>${bold(w.queued)}</p>
<p>${w.position}: <strong>{{queuePosition}}</strong></p>
${details}
<p>${w.queueNext}</p>
<p>${w.queueLeaveAsk}<br>
<a href="{{cancellationUrl}}">${w.queueLeaveLink}</a></p>`),
        text: `${w.greeting}

${w.queued}
${w.position}: {{queuePosition}}

${textDetails}
${w.queueNext}

${w.queueLeaveAsk}
{{cancellationUrl}}`,
      };
    case 3:
      return {
        name,
        subject: w.reminderSubject,
        html: layout(`<p>${bold(w.reminder)}</p>
${details}
${reminderTicket ? ticket : ''}<p>${w.reminderAsk}<br>
<a href="{{cancellationUrl}}">${w.reminderLink}</a></p>
<p>${w.seeYou}</p>`),
        text: `${w.greeting}

${w.reminder}

${textDetails}
${reminderTicket ? textTicket : ''}${w.reminderAsk.replace(/:$/, '.')}
${w.reminderLink}: {{cancellationUrl}}

${w.seeYou}`,
      };
  }
}
