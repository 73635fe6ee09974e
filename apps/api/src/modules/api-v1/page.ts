import { timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../../common/crypto/keyed-hash';
import { AppError } from '../../common/http/app-error';
import { V1_MESSAGES } from './v1-messages';

/** Page size of every v1 list: `limit` defaults to this, and may not exceed LIMIT_MAX. */
export const LIMIT_DEFAULT = 50;
export const LIMIT_MAX = 200;

/** The one page format of /api/v1: the rows, and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next: string | null;
}

/** How a list is walked. `id`: by id, the default (new rows come last, so a walk sees each row once however many
 * bookings happen meanwhile). `updated`: by (updatedAt, id), when `updatedSince` is given (a row changed during
 * the walk moves to the end and may be seen twice: clients upsert by id). */
export type PageOrder = 'id' | 'updated';

/** Where the previous page ended: the sort key (updatedAt to the microsecond, as PostgreSQL printed it) and id. */
export interface CursorPosition {
  order: PageOrder;
  key: string | null;
  id: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** What a cursor is sealed with: the app's secret, and the query it belongs to (the list and its filters). */
export interface CursorSeal {
  secret: string;
  /** The list's identity and filters, as text: a cursor of another list or other filters is refused. */
  query: string;
}

const queryTag = (seal: CursorSeal) => keyedHash(seal.secret, 'v1-cursor-query', seal.query).slice(0, 16);
const macOf = (seal: CursorSeal, payload: string) => keyedHash(seal.secret, 'v1-cursor', payload).slice(0, 32);

/** Opaque to the client: base64url of `[order, key, id, query tag]`, a dot, and an HMAC of it under the app's
 * secret. Only this server makes one that verifies, and only for the query that answered it. */
export function encodeCursor(position: CursorPosition, seal: CursorSeal): string {
  const payload = Buffer.from(JSON.stringify([position.order, position.key, position.id, queryTag(seal)])).toString(
    'base64url',
  );
  return `${payload}.${macOf(seal, payload)}`;
}

/** The cursor a client sent back, for the query `seal` names, walked in `order`: a forged or altered cursor is a 400
 * naming `cursor`, one of another list, other filters or the other order too (saying so). */
export function decodeCursor(cursor: string, order: PageOrder, seal: CursorSeal): CursorPosition {
  const [payload, mac, ...rest] = cursor.split('.');
  const expected = macOf(seal, payload ?? '');
  if (
    rest.length ||
    !mac ||
    mac.length !== expected.length ||
    !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))
  )
    throw AppError.field('cursor', V1_MESSAGES.cursorInvalid);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw AppError.field('cursor', V1_MESSAGES.cursorInvalid);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw AppError.field('cursor', V1_MESSAGES.cursorInvalid);
  const [sentOrder, key, id, tag] = parsed as unknown[];
  const validId = typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;
  const validKey = sentOrder === 'id' ? key === null : typeof key === 'string' && TIMESTAMP.test(key);
  if (!validId || !validKey || (sentOrder !== 'id' && sentOrder !== 'updated'))
    throw AppError.field('cursor', V1_MESSAGES.cursorInvalid);
  if (sentOrder !== order || tag !== queryTag(seal)) throw AppError.field('cursor', V1_MESSAGES.cursorOtherOrder);
  return { order, key: key as string | null, id: id as number };
}

/** What a list's SQL needs from the query string. */
export interface PageRequest {
  limit?: number;
  cursor?: string;
  updatedSince?: string;
}

/** One keyset page. `from` holds the FROM and JOINs, `where` the list's own conditions on `params` ($1..$n);
 * `id` and `updated` name the key columns. The rows come back with `_key` (the updated column to the
 * microsecond, UTC) and `_id` for the next cursor, which the caller's mapper ignores. */
export interface KeysetQuery {
  select: string;
  from: string;
  where: string[];
  params: unknown[];
  id: string;
  updated: string;
}

/** The seal of a list's cursors: the query's columns, tables, conditions with their values, and updatedSince (not
 * the limit: a client may change its page size mid-walk). */
export function cursorSeal(secret: string, q: KeysetQuery, page: PageRequest): CursorSeal {
  return { secret, query: JSON.stringify([q.select, q.from, q.where, q.params, page.updatedSince ?? null]) };
}

export function keysetSql(
  q: KeysetQuery,
  page: PageRequest,
  seal: CursorSeal,
): { text: string; values: unknown[]; limit: number } {
  const order: PageOrder = page.updatedSince ? 'updated' : 'id';
  const limit = page.limit ?? LIMIT_DEFAULT;
  const where = [...q.where];
  const values = [...q.params];
  const param = (value: unknown) => `$${values.push(value)}`;
  if (page.updatedSince) where.push(`${q.updated} >= ${param(page.updatedSince)}::timestamptz`);
  if (page.cursor) {
    const after = decodeCursor(page.cursor, order, seal);
    where.push(
      order === 'id'
        ? `${q.id} > ${param(after.id)}`
        : `(${q.updated}, ${q.id}) > (${param(after.key)}::timestamptz, ${param(after.id)})`,
    );
  }
  const text = `SELECT ${q.select},
         to_char(${q.updated} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "_key", ${q.id} AS "_id"
    FROM ${q.from}
   ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
   ORDER BY ${order === 'id' ? q.id : `${q.updated}, ${q.id}`}
   LIMIT ${param(limit + 1)}`;
  return { text, values, limit };
}

/** The key columns keysetSql adds to each row. */
type Keyed = { _key: string; _id: number | string };

/** The page from the rows of keysetSql (one more than `limit` when there is a next page). */
export function toPage<R, T>(
  rows: (R & Keyed)[],
  limit: number,
  order: PageOrder,
  map: (row: R) => T,
  seal: CursorSeal,
): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return {
    data: shown.map(map),
    next:
      more && last ? encodeCursor({ order, key: order === 'id' ? null : last._key, id: Number(last._id) }, seal) : null,
  };
}

/** Runs one keyset page on `db`; its cursors are sealed with `secret` (the app's) and bound to this query. */
export async function keysetPage<R, T>(
  db: { query: (text: string, values: unknown[]) => Promise<(R & Keyed)[]> },
  q: KeysetQuery,
  page: PageRequest,
  map: (row: R) => T,
  secret: string,
): Promise<Page<T>> {
  const seal = cursorSeal(secret, q, page);
  const { text, values, limit } = keysetSql(q, page, seal);
  return toPage(await db.query(text, values), limit, page.updatedSince ? 'updated' : 'id', map, seal);
}
