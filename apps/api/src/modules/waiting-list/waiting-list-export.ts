import type { WaitingEntry } from '@evreg/contracts';
import { type CellValue, Workbook } from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const WAITING_LIST_SHEET_NAME = 'Lista de espera';

export interface WaitingListExport {
  fileName: string;
  content: Buffer;
}

/** Texts a spreadsheet could take for a formula once edited or saved as CSV: they start with = + - @, a tab or
 * a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text as a cell shows it without ever running it: a formula-like one gets a leading ' (OWASP's advice for
 * CSV and spreadsheet exports; docs/domain.md, "Hostile and malformed bodies"). */
export function safeText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_PHONE.test(value) ? `'${value}` : value;
}

/** An international phone number (+, digits and spaces only) can call no function: staff see it as typed. */
const PLAIN_PHONE = /^\+\d[\d ]{7,}$/;

const COLUMNS: { header: string; width: number; value: (entry: WaitingEntry, timeZone: string) => CellValue }[] = [
  { header: 'Posición', width: 10, value: (e) => e.queuePosition },
  { header: 'Nombre', width: 20, value: (e) => safeText(e.firstName) },
  { header: 'Apellidos', width: 28, value: (e) => safeText(e.lastName) },
  { header: 'Email', width: 32, value: (e) => safeText(e.email) },
  { header: 'Teléfono', width: 18, value: (e) => safeText(e.phoneNumber ?? '') },
  { header: 'DNI/NIE', width: 14, value: (e) => safeText(e.userTaxId) },
  { header: 'Fecha de alta', width: 18, value: (e, timeZone) => wallClock(new Date(e.queuedAt), timeZone) },
];

/** The waiting list as an .xlsx, in position order. Named after the session and the day of the export. */
export async function buildWaitingListExport(
  sessionId: number,
  timeZone: string,
  entries: WaitingEntry[],
  now: Date,
): Promise<WaitingListExport> {
  const workbook = new Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(WAITING_LIST_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(COLUMNS.length).numFmt = 'dd/mm/yyyy hh:mm';
  for (const entry of entries) sheet.addRow(COLUMNS.map((c) => c.value(entry, timeZone)));
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const day = wallClock(now, timeZone).toISOString().slice(0, 10);
  return { fileName: `lista-espera-sesion-${sessionId}-${day}.xlsx`, content };
}

/** Excel dates have no time zone: a cell shows the UTC fields of the Date it was given. This answers the Date
 * whose UTC fields are the wall-clock time of `date` in `timeZone`, so staff read the event's local time. */
export function wallClock(date: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')));
}
