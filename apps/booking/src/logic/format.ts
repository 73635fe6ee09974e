import type { Session } from '@evreg/contracts';
import { language, locale, t } from '../i18n';

/** 'YYYY-MM-DD' as a long date in the visitor's language (es-ES, ca-ES, eu-ES, gl-ES, en-GB), without time-zone
 * shifts. Many browsers lack some of these languages' data (Debian's Chromium has no Basque or Galician and silently
 * answers in Spanish): for a language the browser lacks, the page's own month and weekday names and word order
 * (keys 'date.*' of the catalogs, written as ICU writes them) make the same text. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y, (m || 1) - 1, d || 1);
  if (Intl.DateTimeFormat.supportedLocalesOf(locale()).length)
    return date.toLocaleDateString(locale(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return t('date.long', {
    weekday: t('date.weekdays').split(',')[date.getDay()],
    day: date.getDate(),
    month: t('date.months').split(',')[date.getMonth()],
    year: date.getFullYear(),
  });
}

/** 'HH:MM:SS' as 24-hour 'HH:MM'. */
export const formatTime = (t: string) => t.slice(0, 5);

export const queueRoom = (s: Session) => Math.max(0, s.maxQueueSpots - s.currentQueueCount);
export const hasWaitingList = (s: Session) => s.availableSpots <= 0 && queueRoom(s) > 0;
export const isFull = (s: Session) => s.availableSpots <= 0 && queueRoom(s) <= 0;

/** Started (or ended) by the server's clock `now`: the server's flag when it answered, or startsAt passed since. */
export const hasStarted = (s: Session, now: number) =>
  !!s.hasStarted || (!!s.startsAt && Date.parse(s.startsAt) <= now);
export const hasEnded = (s: Session, now: number) => !!s.endsAt && Date.parse(s.endsAt) <= now;
export const isDisabled = (s: Session, now = Date.now()) => !s.isRegistrationOpen || isFull(s) || hasStarted(s, now);
/** What the page may pre-select and hold: not started, open, with free places. */
export const isBookable = (s: Session, now: number) => !isDisabled(s, now) && s.availableSpots > 0;

/** The session's state as shown beside its date ('' when bookable with free places). */
export function sessionState(s: Session, now = Date.now()): string {
  if (hasEnded(s, now)) return t('session.ended');
  if (hasStarted(s, now)) return t('session.started');
  if (!s.isRegistrationOpen) return t('session.closed');
  if (isFull(s)) return t('session.full');
  if (hasWaitingList(s)) return t('session.waitingList');
  return '';
}

export const sessionWhen = (s: Pick<Session, 'startDate' | 'isAllDay' | 'startTime'>) =>
  formatDate(s.startDate) + (s.isAllDay ? '' : ` - ${formatTime(s.startTime)}`);

export function sessionLabel(s: Session, now = Date.now()): string {
  const state = sessionState(s, now);
  return sessionWhen(s) + (state ? ` (${state})` : '');
}

/** 0 is 'Gratuito' (in the visitor's language); otherwise euros as written in that language's locale ('7,50 €',
 * '€7.50'). A browser without the language's data (Basque, Galician) writes them as Spanish does, which is how
 * Basque and Galician write them too, rather than in its own default ('€7.50'). */
export const priceText = (price: number | null | undefined) =>
  !price
    ? t('card.free')
    : new Intl.NumberFormat([locale(), 'es-ES'], { style: 'currency', currency: 'EUR' })
        .format(price)
        .replace(/\u00a0/g, ' ');

/** English names the back office often stores, as ISO codes (the country field is free text, default 'Spain'). */
const COUNTRY_CODES: Record<string, string> = {
  spain: 'ES',
  españa: 'ES',
  portugal: 'PT',
  france: 'FR',
  germany: 'DE',
  italy: 'IT',
  'united kingdom': 'GB',
  uk: 'GB',
  ireland: 'IE',
  netherlands: 'NL',
  belgium: 'BE',
  switzerland: 'CH',
  andorra: 'AD',
  morocco: 'MA',
  mexico: 'MX',
  argentina: 'AR',
  'united states': 'US',
  usa: 'US',
};

/** The country in the visitor's language: ISO codes and the usual English names through Intl.DisplayNames (in
 * Spanish where the browser lacks the language, not in its own default); anything else as stored. */
export function countryName(country: string | null | undefined): string {
  const c = (country ?? '').trim();
  const code = /^[a-z]{2}$/i.test(c) ? c.toUpperCase() : COUNTRY_CODES[c.toLowerCase()];
  if (!code) return c;
  try {
    return new Intl.DisplayNames([language(), 'es'], { type: 'region' }).of(code) ?? c;
  } catch {
    return c;
  }
}

/** A directions link (a link only: nothing is loaded from outside). */
export const mapUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** The organiser's web address as a link, http(s) only ('www.x.es' gets https://). */
export function websiteUrl(url: string | null | undefined): string | null {
  const u = (url ?? '').trim();
  if (!u) return null;
  if (/^https?:\/\//i.test(u)) return u;
  return /^[a-z][a-z0-9+.-]*:/i.test(u) ? null : `https://${u}`;
}

/** The add-to-calendar links beside the .ics: Google Calendar's template and Outlook.com's add-event page (personal
 * Microsoft accounts; a work account opens the .ics), each with the session's UTC instants. */
export function calendarLinks(o: {
  title: string;
  startsAt: string;
  endsAt: string;
  details: string;
  location: string;
}): [name: string, url: string][] {
  const utc = (iso: string) => new Date(iso).toISOString();
  // Google's basic format: 20261205T173000Z.
  const basic = (iso: string) => utc(iso).replace(/[-:]|\.\d{3}/g, '');
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: o.title,
    dates: `${basic(o.startsAt)}/${basic(o.endsAt)}`,
    details: o.details,
    location: o.location,
  });
  const outlook = new URLSearchParams({
    rru: 'addevent',
    subject: o.title,
    startdt: utc(o.startsAt),
    enddt: utc(o.endsAt),
    body: o.details,
    location: o.location,
  });
  return [
    ['Google Calendar', `https://calendar.google.com/calendar/render?${google}`],
    ['Outlook', `https://outlook.live.com/calendar/0/action/compose?${outlook}`],
  ];
}

/** The event's banner address. Absolute (http, https, protocol-relative) and data: URLs are used as they are;
 * a relative one (the content system stores paths like /uploads/x.jpg) is prefixed with `base` — the
 * VITE_IMAGE_BASE_URL the app was built with (the spec's "local development server"), or nothing, which
 * leaves it relative to the page's own server. Anything else (javascript:, ...) is dropped. */
export function imageSrc(url: string | null | undefined, base = ''): string | null {
  const u = (url ?? '').trim();
  if (!u) return null;
  if (/^(https?:)?\/\//i.test(u) || /^data:image\//i.test(u)) return u;
  if (/^[a-z][a-z0-9+.-]*:/i.test(u)) return null;
  if (!base) return u;
  return `${base.replace(/\/+$/, '')}/${u.replace(/^\/+/, '')}`;
}
