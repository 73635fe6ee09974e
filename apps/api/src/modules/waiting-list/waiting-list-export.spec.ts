import type { WaitingEntry } from '@evreg/contracts';
import { Workbook } from 'exceljs';
import { WAITING_LIST_SHEET_NAME, buildWaitingListExport, safeText } from './waiting-list-export';

const entry = (position: number, overrides: Partial<WaitingEntry>): WaitingEntry => ({
  id: position,
  eventSessionId: 7,
  queuePosition: position,
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  phoneNumber: null,
  userTaxId: '12345678Z',
  status: 0,
  queuedAt: '2026-05-01T08:00:00.000Z',
  ...overrides,
});

async function rows(entries: WaitingEntry[]): Promise<unknown[][]> {
  const file = await buildWaitingListExport(7, 'Europe/Madrid', entries, new Date('2026-05-02T10:00:00Z'));
  const workbook = new Workbook();
  await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(WAITING_LIST_SHEET_NAME)!;
  const read: unknown[][] = [];
  sheet.eachRow((row) => read.push((row.values as unknown[]).slice(1)));
  return read;
}

describe('waiting list export: formula injection', () => {
  it('stores texts that start like a formula with a leading apostrophe, as plain text, never as a formula', async () => {
    const [, first, second] = await rows([
      entry(1, {
        firstName: '=HYPERLINK("http://malo.example","Pulsa")',
        lastName: '+SUM(1,2)',
        email: '-2+3@example.com',
        phoneNumber: '+34 600 123 456',
        userTaxId: '@A1',
      }),
      entry(2, { firstName: '\tTab', lastName: '\rRetorno', email: 'luis@example.com', phoneNumber: '600123456' }),
    ]);
    expect(first.slice(0, 6)).toEqual([
      1,
      `'=HYPERLINK("http://malo.example","Pulsa")`,
      "'+SUM(1,2)",
      "'-2+3@example.com",
      '+34 600 123 456',
      "'@A1",
    ]);
    // XML reads a stored carriage return back as a line feed.
    expect(second.slice(0, 6)).toEqual([2, "'\tTab", "'\nRetorno", 'luis@example.com', '600123456', '12345678Z']);
    for (const cell of [...first, ...second])
      expect(cell).not.toEqual(expect.objectContaining({ formula: expect.anything() }));
  });

  it('leaves ordinary texts as they are', async () => {
    const [header, row] = await rows([
      entry(1, { firstName: 'María José', lastName: "O'Neill-Pérez", phoneNumber: '(+34) 600 12 34 56' }),
    ]);
    expect(header).toEqual(['Posición', 'Nombre', 'Apellidos', 'Email', 'Teléfono', 'DNI/NIE', 'Fecha de alta']);
    expect(row.slice(0, 6)).toEqual([
      1,
      'María José',
      "O'Neill-Pérez",
      'ana@example.com',
      '(+34) 600 12 34 56',
      '12345678Z',
    ]);
  });

  it('neutralises each formula start OWASP lists', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(safeText(`${start}1`)).toBe(`'${start}1`);
    expect(safeText('')).toBe('');
    expect(safeText('Ana=1')).toBe('Ana=1');
  });
});
