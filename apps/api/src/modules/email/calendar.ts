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
    method: 'PUBLISH',
  });
  if (error || !value) throw new Error(`No se pudo crear el calendario: ${error?.message ?? 'sin contenido'}`);
  return value;
}
