import {
  bookingReference,
  EMAIL_MESSAGES,
  EMAIL_TEMPLATE_TYPES,
  LANGUAGE_LOCALE,
  REGISTRATION_STATE,
  type EmailTemplateType,
  type VisitorLanguage,
} from '@evreg/contracts';
import { blacklistReasonText, personText } from '../../common/person-texts';
import { ticketCode } from '../checkin/ticket-code';
import { cancellationToken } from '../registrations/cancel-token';
import { sessionCalendar } from './calendar';
import { drawTicketQrPng } from './ticket-qr';
import {
  type Placeholders,
  addressLine,
  escapeHtml,
  escapeLikePlaceholder,
  htmlToTextTemplate,
  renderTemplate,
  sessionPlaceholders,
} from './template-renderer';

const M = EMAIL_MESSAGES;

/** A message of the outbox with what it talks about (null where the row is gone). */
export interface OutgoingMessage {
  id: number;
  emailType: string;
  registrationId: number | null;
  emailAddress: string;
  recipientName: string;
  data: Record<string, unknown>;
  attempts: number;
  firstName: string | null;
  eventTitle: string | null;
  place: string | null;
  address: string | null;
  city: string | null;
  organizerName: string | null;
  organizerEmail: string | null;
  organizerPhone: string | null;
  organizerWebsite: string | null;
  timeZone: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  isAllDay: boolean | null;
  startDate: string | null;
  endDate: string | null;
  sessionEnded: boolean | null;
  /** The registration's state and ticket value (null where the row is gone): the ticket is given, and a reminder
   * sent, only while the person is seated. */
  registrationState?: number | null;
  ticketSecret?: string | null;
  /** The registration's booking language (null where there is none): dates are written in its locale; the
   * event's title comes already translated (Spanish where the event has no translation). */
  language?: VisitorLanguage | null;
  /** The person's booking language, which every link of the message carries (`&lang=`), so the page opens in it
   * in any browser, whatever the language of the text (a Spanish fallback template included); `language` where
   * absent. */
  bookedLanguage?: VisitorLanguage | null;
}

export interface TemplateContent {
  subject: string;
  htmlContent: string;
  plainTextContent?: string | null;
}

export interface ComposeContext {
  /** The active template of each type. */
  activeTemplates: Map<number, TemplateContent>;
  /** Templates named by notifications (active or not). */
  templatesById: Map<number, TemplateContent>;
  /** Base of the links (no trailing slash). */
  baseUrl: string;
  appSecret: string;
}

export interface ComposedEmail {
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string; cid?: string }[];
  /** The ticket whose QR image the HTML shows (`cid:` of an inline attachment): made by `withTicketImage`, which the
   * sender awaits (the PNG is made asynchronously). */
  ticketQr?: { code: string; cid: string };
}

/** A message that can't or mustn't be sent; its reason goes to the log as the error. Never retried. */
export class NotSendable extends Error {}

/** The template type of each message type written from a template. */
export const TEMPLATE_TYPE: Record<string, EmailTemplateType> = {
  Registration: 0,
  Queue: 1,
  Promotion: 2,
  Reminder: 3,
};
/** Messages about a registration's place: pointless once the session is over. */
const ABOUT_THE_PLACE = new Set(['Registration', 'Queue', 'Promotion', 'Reminder', 'Cancellation']);

/** The placeholders' values for one message. Dates are in the message's language (Spanish by default) in the
 * event's time zone; the cancellation link carries the registration's signed token and the booking language
 * (empty when the registration is gone). */
export function placeholdersFor(
  msg: OutgoingMessage,
  ctx: Pick<ComposeContext, 'baseUrl' | 'appSecret'>,
): Placeholders {
  const dates =
    msg.startsAt && msg.endsAt
      ? sessionPlaceholders(
          {
            startsAt: msg.startsAt,
            endsAt: msg.endsAt,
            isAllDay: msg.isAllDay ?? false,
            timeZone: msg.timeZone ?? 'Europe/Madrid',
          },
          msg.language ?? 'es',
        )
      : { eventDate: '', eventTime: '', eventEndTime: '', eventTimeRange: '', eventDateTime: '' };
  const queuePosition = msg.data.queuePosition;
  const code = ticketCodeOf(msg, ctx.appSecret);
  return {
    firstName: msg.firstName ?? msg.recipientName,
    eventTitle: msg.eventTitle ?? '',
    ...dates,
    cancellationUrl: msg.registrationId
      ? `${ctx.baseUrl}/cancel?token=${cancellationToken(ctx.appSecret, msg.registrationId)}&lang=${msg.bookedLanguage ?? msg.language ?? 'es'}`
      : '',
    queuePosition: typeof queuePosition === 'number' ? String(queuePosition) : '',
    address: addressLine(msg),
    bookingReference: msg.registrationId ? bookingReference(msg.registrationId) : '',
    organizerName: msg.organizerName?.trim() ?? '',
    organizerContact: organizerContact(msg),
    ticketCode: code,
    ticketQr: code ? TICKET_QR_MARK : '',
  };
}

/** What `{{ticketQr}}` renders to before the composer swaps it for the image (HTML) or nothing (subject, text):
 * letters only, so escaping leaves it as it is and no registrant's value can look like it by chance. */
export const TICKET_QR_MARK = 'evregTicketQrImageMark';

/** The ticket code of an active registration, or ''. */
function ticketCodeOf(msg: OutgoingMessage, appSecret: string): string {
  if (!msg.registrationId || !msg.ticketSecret || msg.registrationState !== REGISTRATION_STATE.Active) return '';
  return ticketCode(appSecret, msg.registrationId, msg.ticketSecret);
}

/** The organiser's e-mail, phone and web (those set), joined. */
export function organizerContact(o: {
  organizerEmail?: string | null;
  organizerPhone?: string | null;
  organizerWebsite?: string | null;
}): string {
  return [o.organizerEmail, o.organizerPhone, o.organizerWebsite]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' · ');
}

/** The catalog line `visitorEmail.<key>` in `language` for an HTML part: its words escaped, the values given
 * already escaped by the caller (as placeholders are). */
function htmlLine(language: VisitorLanguage, key: string, escapedValues: Record<string, string> = {}): string {
  const names = Object.keys(escapedValues);
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]));
  return escapeHtml(personText(language, `visitorEmail.${key}`, marks)).replace(
    /\uE000(\d+)\uE001/g,
    (_, i: string) => escapedValues[names[Number(i)]],
  );
}

/** The catalog line `visitorEmail.<key>` in `language` for a subject or a text part. */
const textLine = (language: VisitorLanguage, key: string, values: Record<string, string> = {}): string =>
  personText(language, `visitorEmail.${key}`, values);

/** Every e-mail about an event names its organiser and how to reach them (the data controller): 'Organiza:
 * {name} · {contact}' (in the message's language) is appended to each part that doesn't name the organiser already
 * (a template edited by staff may leave it out). Values escaped in the HTML as the placeholders are. */
export function withOrganizer<T extends Pick<ComposedEmail, 'html' | 'text'>>(
  email: T,
  values: Placeholders,
  language: VisitorLanguage = 'es',
): T {
  const line = [values.organizerName, values.organizerContact].filter(Boolean).join(' · ');
  if (!line) return email;
  const named = values.organizerName || values.organizerContact;
  const text = email.text.includes(named)
    ? email.text
    : `${email.text.trimEnd()}\n\n${textLine(language, 'organizer', { organizer: line })}`;
  const footer = `<p style="color: #666; font-size: 13px;">${htmlLine(language, 'organizer', { organizer: escapeLikePlaceholder(line) })}</p>`;
  const html = email.html.includes(escapeLikePlaceholder(named))
    ? email.html
    : /<\/body\s*>/i.test(email.html)
      ? email.html.replace(/<\/body\s*>/i, (end) => `${footer}\n${end}`)
      : `${email.html}\n${footer}`;
  return { ...email, html, text };
}

/** Fills a template: HTML escaped, subject and text not; the text part is the template's own or derived from
 * the HTML. */
export function fillTemplate(
  t: TemplateContent,
  values: Placeholders,
): Pick<ComposedEmail, 'subject' | 'html' | 'text'> {
  return {
    subject: renderTemplate(t.subject, values, 'text').replace(/\s+/g, ' ').trim(),
    html: renderTemplate(t.htmlContent, values, 'html'),
    text: renderTemplate(
      t.plainTextContent?.trim() ? t.plainTextContent : htmlToTextTemplate(t.htmlContent),
      values,
      'text',
    ),
  };
}

/** The e-mail for one outbox message: from its template (Registration, Queue, Promotion, or the one a
 * notification names) or the texts written in code (Cancellation, Blacklist, a notification's own message). Every
 * line the code writes is in `msg.language`, the language of the message (the sender's inItsLanguage; Spanish when
 * absent). Registration and Promotion carry the session as an .ics file. Every one about an event names the
 * organiser (withOrganizer). Throws NotSendable with the reason to log. */
export function composeEmail(msg: OutgoingMessage, ctx: ComposeContext): ComposedEmail {
  const values = placeholdersFor(msg, ctx);
  const language = msg.language ?? 'es';
  let email = composeWithoutOrganizer(msg, ctx);
  if (values.ticketCode && TICKET_TYPES.has(msg.emailType)) email = withTicket(email, values, language);
  return placeTicketImage(withOrganizer(email, values, language), values, msg.registrationId, language);
}

/** The e-mails that carry the person's ticket: the confirmations, and the reminder read on the way to the door. */
const TICKET_TYPES = new Set<string>(['Registration', 'Promotion', 'Reminder']);

/** A confirmation (Registration, Promotion) or a reminder always carries the person's ticket: a template that doesn't show the
 * code (edited by staff before the ticket existed) gets a 'Tu entrada' section (in the message's language) with the
 * QR and the code appended, before `</body>` when there is one. */
export function withTicket<T extends Pick<ComposedEmail, 'html' | 'text'>>(
  email: T,
  values: Placeholders,
  language: VisitorLanguage = 'es',
): T {
  const code = values.ticketCode;
  const text = email.text.includes(code)
    ? email.text
    : `${email.text.trimEnd()}\n\n${textLine(language, 'ticketText', { code })}\n${textLine(language, 'ticketTextHint')}`;
  const section =
    `<p><strong>${htmlLine(language, 'ticketTitle')}</strong><br>${htmlLine(language, 'ticketHtmlHint')}</p>\n` +
    `<p>${TICKET_QR_MARK}</p>\n<p style="font-family: monospace; font-size: 16px;">${code}</p>`;
  const html = email.html.includes(code)
    ? email.html
    : /<\/body\s*>/i.test(email.html)
      ? email.html.replace(/<\/body\s*>/i, (end) => `${section}\n${end}`)
      : `${email.html}\n${section}`;
  return { ...email, html, text };
}

/** Where `{{ticketQr}}` was written: the HTML gets the inline image (one per message, `cid:`), the subject and the
 * text part nothing. The image itself is attached by `withTicketImage`. */
function placeTicketImage(
  email: ComposedEmail,
  values: Placeholders,
  registrationId: number | null,
  language: VisitorLanguage,
): ComposedEmail {
  const strip = (s: string) => s.split(TICKET_QR_MARK).join('');
  const subject = strip(email.subject).replace(/\s+/g, ' ').trim();
  if (!values.ticketCode || !email.html.includes(TICKET_QR_MARK))
    return { ...email, subject, html: strip(email.html), text: strip(email.text) };
  const cid = `entrada-${registrationId}@evreg`;
  const img =
    `<img src="cid:${cid}" width="220" height="220" alt="${htmlLine(language, 'ticketQrAlt', { code: escapeLikePlaceholder(values.ticketCode) })}"` +
    ` style="display: block; width: 220px; height: 220px;">`;
  return {
    ...email,
    subject,
    html: email.html.split(TICKET_QR_MARK).join(img),
    text: strip(email.text),
    ticketQr: { code: values.ticketCode, cid },
  };
}

/** The QR image of the ticket as a PNG (`drawTicketQrPng`). */
export async function ticketQrPng(code: string): Promise<Buffer> {
  let png = recentQrs.get(code);
  if (!png) {
    png = drawTicketQrPng(code);
    // A small bounded cache: a resend, a retry or the booking page asking again draws nothing new.
    if (recentQrs.size >= 500) recentQrs.clear();
    recentQrs.set(code, png);
  }
  return png;
}

const recentQrs = new Map<string, Buffer>();

/** A template preview: the sample ticket's QR as a data: image where `{{ticketQr}}` was written, nothing in the
 * subject and the text. */
export async function previewTicketImage<T extends Pick<ComposedEmail, 'subject' | 'html' | 'text'>>(
  preview: T,
  code: string,
): Promise<T> {
  const strip = (s: string) => s.split(TICKET_QR_MARK).join('');
  let html = preview.html;
  if (html.includes(TICKET_QR_MARK)) {
    const src = `data:image/png;base64,${(await ticketQrPng(code)).toString('base64')}`;
    html = html
      .split(TICKET_QR_MARK)
      .join(`<img src="${src}" width="220" height="220" alt="Código QR de la entrada ${code}">`);
  }
  return { ...preview, subject: strip(preview.subject).replace(/\s+/g, ' ').trim(), html, text: strip(preview.text) };
}

/** The message with its ticket's QR attached inline (the `cid:` the HTML names), when it shows one. */
export async function withTicketImage(email: ComposedEmail): Promise<ComposedEmail> {
  if (!email.ticketQr) return email;
  const { ticketQr, ...rest } = email;
  const image = {
    filename: 'entrada.png',
    content: await ticketQrPng(ticketQr.code),
    contentType: 'image/png',
    cid: ticketQr.cid,
  };
  return { ...rest, attachments: [...(rest.attachments ?? []), image] };
}

function composeWithoutOrganizer(msg: OutgoingMessage, ctx: ComposeContext): ComposedEmail {
  const to = { name: msg.recipientName, address: msg.emailAddress };
  if (ABOUT_THE_PLACE.has(msg.emailType) && msg.sessionEnded) throw new NotSendable(M.sessionEnded);
  const values = placeholdersFor(msg, ctx);

  const type = TEMPLATE_TYPE[msg.emailType];
  if (type !== undefined) {
    if (!msg.registrationId) throw new NotSendable(M.registrationGone);
    // A reminder still pending once its person has cancelled (e-mail was disabled for a while): not sent.
    if (msg.emailType === 'Reminder' && msg.registrationState !== REGISTRATION_STATE.Active)
      throw new NotSendable(M.reminderNotActive);
    const template = ctx.activeTemplates.get(type);
    if (!template) throw new NotSendable(M.noTemplate(EMAIL_TEMPLATE_TYPES[type].label));
    const email: ComposedEmail = { to, ...fillTemplate(template, values) };
    if (msg.emailType !== 'Queue' && msg.startsAt && msg.endsAt)
      email.attachments = [calendarAttachment(msg, values, ctx.baseUrl)];
    return email;
  }

  const language = msg.language ?? 'es';
  const say = (key: string, v: Record<string, string> = {}) => textLine(language, key, v);
  const greeting = say('greeting', { firstName: values.firstName });
  switch (msg.emailType) {
    case 'Cancellation':
      return {
        to,
        ...builtIn(
          say('cancelledSubject', { eventTitle: values.eventTitle }),
          `${greeting}\n\n${say('cancelledBody', { eventTitle: values.eventTitle, when: values.eventDateTime })}\n\n` +
            say('cancelledRebook'),
        ),
      };
    case 'Blacklist': {
      const until = typeof msg.data.expiresAt === 'string' ? expiryDate(msg.data.expiresAt, language) : '';
      const label = typeof msg.data.reasonLabel === 'string' ? msg.data.reasonLabel : '';
      const reason = blacklistReasonText(msg.data.reason, language, label);
      const eventTitle = values.eventTitle;
      // After a refused public registration: the details the refusal itself leaves out (docs/domain.md,
      // "Probing the blacklist and staff accounts").
      if (msg.data.refusedRegistration === true) {
        return {
          to,
          ...builtIn(
            say('refusedSubject'),
            `${greeting}\n\n${eventTitle ? say('refusedBodyEvent', { eventTitle, until }) : say('refusedBody', { until })}\n` +
              `${say('blacklistReason', { reason })}\n\n${say('refusedNotYou')}`,
          ),
        };
      }
      return {
        to,
        ...builtIn(
          say('blacklistSubject'),
          `${greeting}\n\n${say('blacklistBody', { until })}\n` +
            `${eventTitle ? say('blacklistReasonEvent', { reason, eventTitle }) : say('blacklistReason', { reason })}\n\n` +
            say('blacklistMistake'),
        ),
      };
    }
    case 'Notification': {
      const templateId = msg.data.templateId;
      if (typeof templateId === 'number') {
        const template = ctx.templatesById.get(templateId);
        if (!template) throw new NotSendable(M.notificationTemplateGone);
        return { to, ...fillTemplate(template, values) };
      }
      const message = typeof msg.data.message === 'string' ? msg.data.message.trim() : '';
      if (!message) throw new NotSendable(M.nothingToSend);
      const subject =
        typeof msg.data.subject === 'string' && msg.data.subject.trim()
          ? msg.data.subject.trim()
          : `Información sobre ${values.eventTitle || 'tu inscripción'}`;
      const details = [values.eventTitle, values.eventDateTime, values.address].filter(Boolean).join('\n');
      return { to, ...builtIn(subject, `${greeting}\n\n${message}${details ? `\n\n${details}` : ''}`) };
    }
    default:
      throw new NotSendable(M.nothingToSend);
  }
}

/** A message written in code: the text as given, the HTML its paragraphs escaped. */
function builtIn(subject: string, text: string): Pick<ComposedEmail, 'subject' | 'html' | 'text'> {
  const paragraphs = text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  return {
    subject: subject.replace(/\s+/g, ' ').trim(),
    text,
    html: `<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222;">\n${paragraphs.join('\n')}\n</div>`,
  };
}

function calendarAttachment(msg: OutgoingMessage, values: Placeholders, baseUrl: string) {
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).host : 'evreg';
  const content = sessionCalendar({
    uid: `registration-${msg.registrationId}@${host}`,
    title: values.eventTitle,
    location: values.address,
    description: values.cancellationUrl
      ? textLine(msg.language ?? 'es', 'calendarCancel', { url: values.cancellationUrl })
      : '',
    url: values.cancellationUrl || null,
    startsAt: msg.startsAt!,
    endsAt: msg.endsAt!,
    isAllDay: msg.isAllDay ?? false,
    startDate: msg.startDate ?? '',
    endDate: msg.endDate ?? '',
    organizer: { name: values.organizerName, email: msg.organizerEmail?.trim() || null },
  });
  return { filename: 'evento.ics', content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}

/** A blacklist expiry as a date in `language`: the day it ends in Madrid (a date-only expiry is the end of that
 * day). */
function expiryDate(iso: string, language: VisitorLanguage): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALE[language], {
    timeZone: 'Europe/Madrid',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
}
