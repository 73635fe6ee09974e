import { EVENT_STATUS } from '@evreg/contracts';
import { DataSource, In } from 'typeorm';
import { orderBy, pageWindow } from '../../common/http/sorted-page-query';
import { containsPattern } from '../../database/sql';
import type { EventSort, ListEventsQueryDto } from './dto/event-list.dto';
import { EventEntity } from './entities/event.entity';

/** The description as text for the search, as descriptionText() reads it: a block's end or a line break is a
 * space, other tags nothing, and the escapes sanitize-html writes are undone. */
export const DESCRIPTION_TEXT_SQL = `replace(replace(replace(
  regexp_replace(regexp_replace(e.description, '</(p|li|h[1-6])>|<br ?/?>', ' ', 'gi'), '<[^>]*>', '', 'g'),
  '&lt;', '<'), '&gt;', '>'), '&amp;', '&')`;

/** The sortable columns as SQL (alias e), the text ones without case (indexed by the ListIndexes migration). */
const EVENT_SORT_SQL: Record<EventSort, string> = {
  createdAt: 'e.created_at',
  id: 'e.id',
  title: 'lower(e.title)',
  city: 'lower(e.city)',
  status: 'e.status',
  price: 'e.price',
};

/** The search over title, description text, city and place, as a condition on alias e with `$1`. */
export function eventSearch(search?: string): { where: string; params: unknown[] } {
  if (!search?.trim()) return { where: 'true', params: [] };
  return {
    where: `(e.title ILIKE $1 OR e.city ILIKE $1 OR e.place ILIKE $1 OR ${DESCRIPTION_TEXT_SQL} ILIKE $1)`,
    params: [containsPattern(search)],
  };
}

export interface EventIdPage {
  events: EventEntity[];
  totalCount: number;
  page: number;
  pageSize: number;
}

/** The back office's order: newest first unless `sort` (`order` alone turns the default around). */
function adminOrder(query: ListEventsQueryDto): string {
  return query.sort
    ? orderBy(EVENT_SORT_SQL, query.sort, query.order, 'e.id')
    : orderBy(EVENT_SORT_SQL, 'createdAt', query.order ?? 'desc', 'e.id');
}

/** The whole back-office list (the unpaged answer), in its order. */
export async function queryEventList(db: DataSource, query: ListEventsQueryDto): Promise<EventEntity[]> {
  const { where, params } = eventSearch(query.search);
  const ids: { id: number }[] = await db.query(`SELECT e.id FROM events e WHERE ${where} ${adminOrder(query)}`, params);
  return eventsInOrder(db, ids);
}

/** One page of the back office's list: the page's ids first, then those events. */
export async function queryEventPage(db: DataSource, query: ListEventsQueryDto): Promise<EventIdPage> {
  const { where, params } = eventSearch(query.search);
  return pageOfEvents(db, query, `FROM events e WHERE ${where}`, adminOrder(query), params);
}

/** One page of the public list (docs/domain.md, "The public list of events"): Live and public events, the one
 * whose next session starts first first; those with no session to come last. */
export async function queryPublicEventPage(db: DataSource, query: ListEventsQueryDto): Promise<EventIdPage> {
  const { where, params } = eventSearch(query.search);
  const from = `FROM events e WHERE e.status = ${EVENT_STATUS.Live} AND e.is_public AND ${where}`;
  const order = `ORDER BY (SELECT min(s.starts_at) FROM event_sessions s WHERE s.event_id = e.id AND s.starts_at > now())
                 ASC NULLS LAST, e.id ASC`;
  return pageOfEvents(db, query, from, order, params);
}

async function pageOfEvents(
  db: DataSource,
  query: ListEventsQueryDto,
  from: string,
  order: string,
  params: unknown[],
): Promise<EventIdPage> {
  const { page, pageSize, offset } = pageWindow(query);
  const [{ count }]: { count: number }[] = await db.query(`SELECT count(*)::int AS count ${from}`, params);
  const ids: { id: number }[] = await db.query(
    `SELECT e.id ${from} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, offset],
  );
  return { events: await eventsInOrder(db, ids), totalCount: count, page, pageSize };
}

async function eventsInOrder(db: DataSource, ids: { id: number }[]): Promise<EventEntity[]> {
  if (!ids.length) return [];
  const found = await db.getRepository(EventEntity).findBy({ id: In(ids.map((r) => r.id)) });
  const byId = new Map(found.map((event) => [event.id, event]));
  return ids.flatMap(({ id }) => byId.get(id) ?? []);
}
