import { foldCalendarLines, sessionCalendar } from './calendar';

const base = {
  uid: 'registration-7@reservas.example.com',
  title: 'Concierto',
  location: 'Teatro',
  description: '',
  url: null,
  startsAt: new Date('2026-06-20T16:00:00Z'),
  endsAt: new Date('2026-06-20T17:30:00Z'),
  isAllDay: false,
  startDate: '2026-06-20',
  endDate: '2026-06-20',
};

const octets = (line: string) => Buffer.byteLength(line, 'utf8');
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const property = (text: string, name: string) =>
  unfold(text)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('the session as an .ics file', () => {
  const title =
    'Música en el jardín: canción española, zarzuela y ópera con el coro de niños — «Año Nuevo» en León 🎻 Peñíscola';
  const location = 'Auditorio Ángel García, Plaza de España 1, Cádiz';
  const description = `Para cancelar tu inscripción: https://reservas.example.com/cancel?token=7-${'ñ'.repeat(40)} — ¡te esperamos!`;
  const calendar = sessionCalendar({ ...base, title, location, description });

  it('folds every line at 75 octets with CRLF and one space, never inside a UTF-8 sequence', () => {
    const lines = calendar.split('\r\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect({ line, octets: octets(line) <= 75 }).toEqual({ line, octets: true });
    // Continuations start with a space (not the package's tab); no replacement character from a cut sequence.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(lines.some((line) => line.startsWith('\t'))).toBe(false);
    expect(calendar).not.toContain('\uFFFD');
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('unfolds back to the original texts', () => {
    // TEXT values escape commas (RFC 5545 §3.3.11); nothing else in these texts needs it.
    const text = (value: string) => value.replace(/,/g, '\\,');
    expect(property(calendar, 'SUMMARY')).toBe(`SUMMARY:${text(title)}`);
    expect(property(calendar, 'LOCATION')).toBe(`LOCATION:${text(location)}`);
    expect(property(calendar, 'DESCRIPTION')).toBe(`DESCRIPTION:${text(description)}`);
    expect(property(calendar, 'DTSTART')).toBe('DTSTART:20260620T160000Z');
  });

  it('names the organiser (CN and mailto) when they have an e-mail, and not otherwise', () => {
    const organised = sessionCalendar({
      ...base,
      organizer: {
        name: 'Ayuntamiento de "Peñíscola" — Concejalía de Cultura y Festejos',
        email: 'cultura@peniscola.example.es',
      },
    });
    expect(property(organised, 'ORGANIZER')).toBe(
      `ORGANIZER;CN="Ayuntamiento de 'Peñíscola' — Concejalía de Cultura y Festejos":MAILTO:cultura@peniscola.example.es`,
    );
    for (const line of organised.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(property(sessionCalendar({ ...base, organizer: { name: 'Ayuntamiento', email: null } }), 'ORGANIZER')).toBe(
      undefined,
    );
  });

  it('refolds any text: a short line stays, a long one is cut on code points', () => {
    expect(foldCalendarLines('A:b\r\nC:d')).toBe('A:b\r\nC:d');
    const long = `X:${'é'.repeat(100)}`;
    const folded = foldCalendarLines(long);
    expect(folded.split('\r\n').map(octets)).toEqual([74, 75, 55]);
    expect(unfold(folded)).toBe(long);
  });
});
