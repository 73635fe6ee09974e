import { existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_INFO, SESSION_INFO_BATCH } from '../registrations/session-info';
import { BOOKING_STATEMENTS as ENGINE_STATEMENTS } from './booking-statements';

/** The engine's statements and the read before a registration (registrations/session-info.ts). */
const BOOKING_STATEMENTS = [...ENGINE_STATEMENTS, SESSION_INFO, SESSION_INFO_BATCH];

/** Each booking statement's final text, as every call sends it, is checked in under sql/ (one file per statement,
 * named after it) so a review reads the real statement. This spec fails when the code and the files differ;
 * UPDATE_SQL=1 rewrites the files. */
const dir = join(__dirname, 'sql');
const update = process.env.UPDATE_SQL === '1';
const regenerate =
  'UPDATE_SQL=1 npx jest src/modules/booking-engine/booking-statements.spec.ts (in apps/api), then review and commit sql/';

const fileOf = (name: string) => `${name}.sql`;
const contentOf = (statement: { name: string; text: string }) =>
  `-- ${statement.name}: the text the code sends, written by booking-statements.spec.ts; do not edit.\n${statement.text}\n`;

describe('the booking statements checked in under sql/', () => {
  if (update) {
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir)) if (file.endsWith('.sql')) unlinkSync(join(dir, file));
    for (const statement of BOOKING_STATEMENTS) writeFileSync(join(dir, fileOf(statement.name)), contentOf(statement));
  }

  it('every statement has its own name', () => {
    const names = BOOKING_STATEMENTS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(BOOKING_STATEMENTS.map((s) => [s.name, s] as const))('%s matches its checked-in text', (_, statement) => {
    const path = join(dir, fileOf(statement.name));
    const checkedIn = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (checkedIn !== contentOf(statement))
      throw new Error(`sql/${fileOf(statement.name)} is not the statement the code sends. Regenerate: ${regenerate}`);
  });

  it('no checked-in file is left over from a statement that is gone', () => {
    const expected = new Set(BOOKING_STATEMENTS.map((s) => fileOf(s.name)));
    const stale = readdirSync(dir).filter((file) => file.endsWith('.sql') && !expected.has(file));
    if (stale.length)
      throw new Error(`sql/ has files of no statement (${stale.join(', ')}). Regenerate: ${regenerate}`);
  });
});
