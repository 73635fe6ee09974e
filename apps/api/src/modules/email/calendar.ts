import { type DateArray, type EventAttributes, createEvent } from 'ics';

export interface CalendarSession {
  /** Stable per registration, so a second e-mail (a resend, a promotion) updates the same calendar entry. */
  uid: string;
  title: string;
  location: string;
  description: string;
  url: string | null;
  startsAt: Date;
  endsAt: Date;
  isAllDay: boolean;
  /** 'YYYY-MM-DD', the session's local days (for all-day sessions). */
  startDate: string;
  endDate: string;
  /** The event's organiser: written as ORGANIZER (CN and mailto) when they have an e-mail. */
  organizer?: { name: string; email: string | null } | null;
  /** DTSTAMP: when the information was last revised (RFC 5545 §3.8.7.2), so the same data gives the same file
   * (and ETag) and calendar clients don't download it again each second. Without it, the time it is written. */
  revisedAt?: Date;
}

/** RFC 5545 §3.1: a content line is at most 75 octets; longer ones continue on lines starting with one space. */
const LINE_OCTETS = 75;

/** Folds an iCalendar text by octets, as RFC 5545 requires: the ics package folds by characters (a line of
 * accented text came out at 79 bytes) and continues with a tab. Its folds are undone first, then every line is
 * cut before the code point that would pass 75 octets (never inside a UTF-8 sequence), continuing with CRLF and a
 * space. */
export function foldCalendarLines(calendar: string): string {
  return calendar
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n');
}

function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation line 74 after its leading space.
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const dateArray = (day: string, plusDays = 0): DateArray => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
};

/** The session as an iCalendar file (text/calendar). Timed sessions are written as UTC instants (the ics package
 * writes no VTIMEZONE): every calendar shows them at the right time in the reader's zone, which for the
 * audience is the event's. All-day sessions are whole days (DTEND is the day after the last one). */
export function sessionCalendar(s: CalendarSession): string {
  const when: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType'> & {
    end: EventAttributes['start'];
    endInputType?: 'utc';
    endOutputType?: 'utc';
  } = s.isAllDay
    ? { start: dateArray(s.startDate), end: dateArray(s.endDate, 1) }
    : {
        start: s.startsAt.getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: s.endsAt.getTime(),
        endInputType: 'utc',
        endOutputType: 'utc',
      };
  const { error, value } = createEvent({
    ...when,
    uid: s.uid,
    title: s.title,
    location: s.location || undefined,
    description: s.description,
    ...(s.url && { url: s.url }),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    productId: 'evreg/inscripciones',
    ...(s.revisedAt && { timestamp: s.revisedAt.getTime() }),
    method: 'PUBLISH',
    // A parameter value can't hold a double quote (RFC 5545 §3.2): the package would write one escaped.
    ...(s.organizer?.email && {
      organizer: { name: (s.organizer.name || s.organizer.email).replace(/"/g, "'"), email: s.organizer.email },
    }),
  });
  if (error || !value) throw new Error(`No se pudo crear el calendario: ${error?.message ?? 'sin contenido'}`);
  return foldCalendarLines(value);
}
