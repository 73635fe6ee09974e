import { bookingReference, REGISTRATION_STATE } from '@evreg/contracts';
import { type CellValue, Workbook } from 'exceljs';
import { safeText, wallClock } from '../waiting-list/waiting-list-export';

export const REGISTRATIONS_SHEET_NAME = 'Inscripciones';

/** One person of the session's list (active or cancelled), with their check-in. */
export interface ExportedRegistration {
  id: number;
  state: number;
  firstName: string;
  lastName: string;
  email: string;
  telephoneNumber: string | null;
  userTaxId: string;
  registeredAt: Date;
  checkedInAt: Date | null;
  companionOf: string | null;
}

type Column = { header: string; width: number; date?: true; value: (r: ExportedRegistration, tz: string) => CellValue };

const COLUMNS: Column[] = [
  { header: 'Referencia', width: 12, value: (r) => bookingReference(r.id) },
  { header: 'Nombre', width: 20, value: (r) => safeText(r.firstName) },
  { header: 'Apellidos', width: 28, value: (r) => safeText(r.lastName) },
  { header: 'Email', width: 32, value: (r) => safeText(r.email) },
  { header: 'Teléfono', width: 18, value: (r) => safeText(r.telephoneNumber ?? '') },
  { header: 'DNI/NIE', width: 14, value: (r) => safeText(r.userTaxId) },
  { header: 'Estado', width: 12, value: (r) => (r.state === REGISTRATION_STATE.Active ? 'Activa' : 'Cancelada') },
  { header: 'Acompañante de', width: 28, value: (r) => (r.companionOf ? safeText(r.companionOf) : null) },
  { header: 'Fecha de inscripción', width: 20, date: true, value: (r, tz) => wallClock(r.registeredAt, tz) },
  { header: 'Asistió', width: 10, value: (r) => (r.checkedInAt ? 'Sí' : 'No') },
  {
    header: 'Hora de entrada',
    width: 20,
    date: true,
    value: (r, tz) => (r.checkedInAt ? wallClock(r.checkedInAt, tz) : null),
  },
];

/** The session's people as an .xlsx (docs/domain.md, "Registrations export"): active first, then cancelled, each by
 * registration time; dates and the check-in time in the event's local time. Named after the session and the day. */
export async function buildRegistrationsExport(
  sessionId: number,
  timeZone: string,
  rows: ExportedRegistration[],
  now: Date,
): Promise<{ fileName: string; content: Buffer }> {
  const content = await writeSheet(
    REGISTRATIONS_SHEET_NAME,
    COLUMNS,
    rows.map((row) => COLUMNS.map((c) => c.value(row, timeZone))),
    now,
  );
  const day = wallClock(now, timeZone).toISOString().slice(0, 10);
  return { fileName: `inscripciones-sesion-${sessionId}-${day}.xlsx`, content };
}

export const REGISTRATION_LIST_SHEET_NAME = 'Registros';

/** One row of the staff search (any state), with where it is and its event's time zone. */
export interface ExportedListRow {
  id: number;
  state: number;
  firstName: string;
  lastName: string;
  email: string;
  telephoneNumber: string | null;
  userTaxId: string;
  registeredAt: Date;
  queuePosition: number | null;
  usesReservedSpot: boolean;
  eventTitle: string;
  sessionInfo: string;
  timeZone: string;
  checkedInAt: Date | null;
}

const STATE_LABEL: Record<number, string> = {
  [REGISTRATION_STATE.Active]: 'Activa',
  [REGISTRATION_STATE.Waiting]: 'En espera',
  [REGISTRATION_STATE.Cancelled]: 'Cancelada',
};

/** '2026-12-01 10:00-11:30' as staff read it in Spanish: '01/12/2026 10:00-11:30' ('(todo el día)' without times). */
export function sessionInSpanish(info: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(info);
  if (!match) return info;
  const [, y, m, d, rest] = match;
  return `${d}/${m}/${y} ${rest.trim() || '(todo el día)'}`;
}

type ListColumn = { header: string; width: number; date?: true; value: (r: ExportedListRow) => CellValue };

const LIST_COLUMNS: ListColumn[] = [
  { header: 'Referencia', width: 12, value: (r) => bookingReference(r.id) },
  { header: 'Nombre', width: 20, value: (r) => safeText(r.firstName) },
  { header: 'Apellidos', width: 28, value: (r) => safeText(r.lastName) },
  { header: 'Email', width: 32, value: (r) => safeText(r.email) },
  { header: 'Teléfono', width: 18, value: (r) => safeText(r.telephoneNumber ?? '') },
  { header: 'DNI/NIE', width: 14, value: (r) => safeText(r.userTaxId) },
  { header: 'Evento', width: 32, value: (r) => safeText(r.eventTitle) },
  { header: 'Sesión', width: 24, value: (r) => sessionInSpanish(r.sessionInfo) },
  { header: 'Estado', width: 12, value: (r) => STATE_LABEL[r.state] },
  { header: 'Posición en espera', width: 12, value: (r) => r.queuePosition },
  { header: 'Tipo', width: 12, value: (r) => (r.usesReservedSpot ? 'Reservada' : 'Online') },
  { header: 'Fecha de inscripción', width: 20, date: true, value: (r) => wallClock(r.registeredAt, r.timeZone) },
  { header: 'Asistió', width: 10, value: (r) => (r.checkedInAt ? 'Sí' : 'No') },
];

/** The rows of a filtered staff search as an .xlsx (docs/domain.md, "Registros: finding and slicing people"), in
 * the search's order; the registration time in its event's local time, shown dd/mm/yyyy hh:mm. Named after the
 * day (Europe/Madrid). */
export async function buildRegistrationListExport(
  rows: ExportedListRow[],
  now: Date,
): Promise<{ fileName: string; content: Buffer }> {
  const content = await writeSheet(
    REGISTRATION_LIST_SHEET_NAME,
    LIST_COLUMNS,
    rows.map((row) => LIST_COLUMNS.map((c) => c.value(row))),
    now,
  );
  const day = wallClock(now, 'Europe/Madrid').toISOString().slice(0, 10);
  return { fileName: `registros-${day}.xlsx`, content };
}

/** One sheet with a bold, frozen header row; date columns shown dd/mm/yyyy hh:mm. Both exports above write theirs
 * through it. */
async function writeSheet(
  name: string,
  columns: { header: string; width: number; date?: true }[],
  values: CellValue[][],
  now: Date,
): Promise<Buffer> {
  const workbook = new Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    if (c.date) sheet.getColumn(i + 1).numFmt = 'dd/mm/yyyy hh:mm';
  });
  for (const row of values) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
