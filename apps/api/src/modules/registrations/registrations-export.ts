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
  const workbook = new Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(REGISTRATIONS_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  COLUMNS.forEach((c, i) => {
    if (c.date) sheet.getColumn(i + 1).numFmt = 'dd/mm/yyyy hh:mm';
  });
  for (const row of rows) sheet.addRow(COLUMNS.map((c) => c.value(row, timeZone)));
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const day = wallClock(now, timeZone).toISOString().slice(0, 10);
  return { fileName: `inscripciones-sesion-${sessionId}-${day}.xlsx`, content };
}
