import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HISTORY_ACTIONS,
  HISTORY_ACTORS,
  HistoryAction,
  HistoryActorKind,
  HistoryChange,
  HistoryEntry,
  HistoryFilter,
  HistorySubject,
  HISTORY_FILTER_MESSAGES,
  Paged,
  MESSAGES,
  isEmptyHistoryChange,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { sessionInSpanishSql } from '../../database/sql';
import { HistoryActor, SYSTEM_ACTOR, currentActor, currentBulkOperation } from './actor-context';

/** What a service records: the action on one or more subjects of one kind, with the fields it changed. Without
 * `actor`, the request's caller (currentActor), or the system outside a request. */
export interface HistoryRecord {
  subject: HistorySubject;
  ids: number[];
  action: HistoryAction;
  /** The same for every id, or one list per id (in the order of `ids`). */
  changes?: HistoryChange[] | HistoryChange[][];
  actor?: HistoryActor;
}

interface EntryRow {
  id: string;
  subject: HistorySubject;
  subjectId: number;
  eventId: number | null;
  sessionId: number | null;
  action: HistoryAction;
  actorKind: HistoryActorKind;
  actorUserId: string | null;
  actorLabel: string | null;
  changes: HistoryChange[];
  at: Date;
  bulk: { id: string; count: number } | null;
  subjectLabel?: string;
}

/** The event and session of each subject, by kind: a registration's session and its event, a session's event. */
const SCOPE: Record<HistorySubject, string> = {
  registration: `SELECT r.id, s.event_id, r.session_id FROM registrations r JOIN event_sessions s ON s.id = r.session_id
                  WHERE r.id = ANY($1::int[])`,
  session: `SELECT s.id, s.event_id, s.id AS session_id FROM event_sessions s WHERE s.id = ANY($1::int[])`,
  event: `SELECT e.id, e.id AS event_id, NULL::int AS session_id FROM events e WHERE e.id = ANY($1::int[])`,
};

/** The actor's display name as it is when the entry is written: the API token's name, else the staff member's. */
const ACTOR_LABEL = `coalesce($5::text, (SELECT name FROM api_tokens WHERE id = $6::uuid),
  (SELECT coalesce(nullif(concat_ws(' ', first_name, last_name), ''), email) FROM users WHERE id = $4::uuid))`;

const ENTRY_COLUMNS = `'h-' || h.id AS id, h.subject_kind AS subject, h.subject_id AS "subjectId", h.event_id AS "eventId",
  h.session_id AS "sessionId", h.action, h.actor_kind AS "actorKind", h.actor_user_id AS "actorUserId",
  h.actor_label AS "actorLabel", h.changes, h.created_at AS at,
  CASE WHEN h.bulk_id IS NOT NULL THEN jsonb_build_object('id', h.bulk_id, 'count',
    (SELECT count(*) FROM history_entries b WHERE b.bulk_id = h.bulk_id AND b.action = h.action)) END AS bulk`;

/** Who or what an entry is about, as staff read it: the person, the event's title, the session's event and day. */
const SUBJECT_LABEL = `CASE h.subject_kind
    WHEN 'registration' THEN (SELECT concat_ws(' ', r.first_name, r.last_name) FROM registrations r WHERE r.id = h.subject_id)
    WHEN 'event' THEN (SELECT e.title FROM events e WHERE e.id = h.subject_id)
    ELSE (SELECT e.title || ' · ' || ${sessionInSpanishSql('s')} FROM event_sessions s JOIN events e ON e.id = s.event_id
           WHERE s.id = h.subject_id) END`;

/** The day filters' bounds: the start of a day in Europe/Madrid (the staff's days), as an instant. */
const MADRID_DAY = (param: string) => `${param}::date::timestamp AT TIME ZONE 'Europe/Madrid'`;

/** A registration's entries that its own rows already keep: its creation (unless one was recorded, as staff
 * registrations are) and its check-ins at the door (check_ins keeps when, where and by whom; an undo is recorded). The public booking path writes nothing
 * more than the registration. */
const DERIVED_ENTRIES = `
  SELECT 'r-' || r.id AS id, 'registration' AS subject, r.id AS "subjectId", s.event_id AS "eventId",
         r.session_id AS "sessionId", 'created' AS action,
         CASE WHEN r.source = 'public' THEN 'visitor' ELSE 'staff' END AS "actorKind", NULL::uuid AS "actorUserId",
         NULL AS "actorLabel", '[]'::jsonb AS changes, r.created_at AS at, NULL::jsonb AS bulk
    FROM registrations r JOIN event_sessions s ON s.id = r.session_id
   WHERE r.id = $1
     AND NOT EXISTS (SELECT 1 FROM history_entries h
                      WHERE h.subject_kind = 'registration' AND h.subject_id = r.id AND h.action = 'created')
  UNION ALL
  SELECT 'c-' || c.id, 'registration', c.registration_id, s.event_id, c.session_id, 'checkedIn',
         CASE WHEN c.by_door_link_id IS NOT NULL THEN 'doorLink' WHEN c.by_api_token_id IS NOT NULL THEN 'apiToken'
              ELSE 'staff' END,
         c.by_user_id, c.by_label,
         CASE WHEN c.door IS NULL THEN '[]'::jsonb
              ELSE jsonb_build_array(jsonb_build_object('field', 'door', 'to', c.door)) END,
         c.checked_in_at, NULL::jsonb
    FROM check_ins c JOIN event_sessions s ON s.id = c.session_id WHERE c.registration_id = $1`;

/** The history of every change (docs/domain.md, "History"): `record` appends entries in the caller's transaction,
 * so a change rolled back leaves none and a committed one always has its own. */
@Injectable()
export class HistoryService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Appends one entry per subject id, in the transaction `m` of the change. Ids of subjects that no longer exist
   * (deleted in the same transaction) get no event or session. */
  async record(m: EntityManager, entry: HistoryRecord): Promise<void> {
    if (!entry.ids.length) return;
    const actor = entry.actor ?? currentActor() ?? SYSTEM_ACTOR;
    await m.query(
      `INSERT INTO history_entries (subject_kind, subject_id, event_id, session_id, action, actor_kind, actor_user_id,
                                    actor_label, changes, bulk_id)
       SELECT $2, ids.id, scope.event_id, scope.session_id, $3, $7, $4::uuid, ${ACTOR_LABEL}, ids.changes, $9::uuid
         FROM unnest($1::int[], $8::jsonb[]) WITH ORDINALITY AS ids(id, changes, n)
         LEFT JOIN (${SCOPE[entry.subject]}) scope (id, event_id, session_id) ON scope.id = ids.id
        ORDER BY ids.n`,
      [
        entry.ids,
        entry.subject,
        entry.action,
        actor.userId ?? null,
        actor.label ?? null,
        actor.apiTokenId ?? null,
        actor.kind,
        entry.ids.map((_, i) => JSON.stringify(perId(entry.changes, i))),
        // The caller's own acts in a bulk action belong to it; what follows on its own (promotions) does not.
        entry.actor ? null : currentBulkOperation(),
      ],
    );
  }

  /** A registration's history, oldest first: what was recorded and what its rows keep (DERIVED_ENTRIES). */
  async forRegistration(registrationId: number, db: DataSource | EntityManager = this.ds): Promise<HistoryEntry[]> {
    const rows: EntryRow[] = await db.query(
      `SELECT * FROM (
         SELECT ${ENTRY_COLUMNS} FROM history_entries h WHERE h.subject_kind = 'registration' AND h.subject_id = $1
         UNION ALL ${DERIVED_ENTRIES}) x
        ORDER BY at, id`,
      [registrationId],
    );
    if (!rows.length) {
      const [exists] = await db.query(`SELECT 1 FROM registrations WHERE id = $1`, [registrationId]);
      if (!exists) throw AppError.notFound(MESSAGES.booking.registrationNotFound);
    }
    return this.readable(rows, db);
  }

  /** The history of the registrations (GDPR export), each registration's entries oldest first. */
  async forRegistrations(m: EntityManager, registrationIds: number[]): Promise<HistoryEntry[]> {
    const entries: HistoryEntry[] = [];
    for (const id of registrationIds) entries.push(...(await this.forRegistration(id, m)));
    return entries;
  }

  /** Staff changes to an event and its sessions, newest first; `sessionId` narrows to one session's. A deleted
   * event's (or session's) history is kept and answered, its deletion first; 404 only for an event that neither
   * exists nor has any entry. */
  async forEvent(eventId: number, sessionId?: number): Promise<HistoryEntry[]> {
    const rows: EntryRow[] = await this.ds.query(
      `SELECT ${ENTRY_COLUMNS} FROM history_entries h
        WHERE h.event_id = $1 AND h.subject_kind <> 'registration' AND ($2::int IS NULL OR h.session_id = $2)
        ORDER BY h.id DESC LIMIT 500`,
      [eventId, sessionId ?? null],
    );
    if (!rows.length) {
      const [event] = await this.ds.query(`SELECT 1 FROM events WHERE id = $1`, [eventId]);
      if (!event) throw AppError.notFound(MESSAGES.events.notFound);
    }
    return this.readable(rows);
  }

  /** The whole history (administrators), newest first, filtered and paged by the server. The entries of one bulk
   * action are one row (its first entry, `bulk.count` of them matching the filters, no per-person changes) unless
   * `bulkId` asks for that operation's entries one by one. */
  async list(filter: HistoryFilter & { page?: number; pageSize?: number }): Promise<Paged<HistoryEntry>> {
    if (filter.from && filter.to && filter.to < filter.from)
      throw AppError.field('to', HISTORY_FILTER_MESSAGES.toBeforeFrom);
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? 20;
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where: string[] = [];
    if (filter.eventId) where.push(`h.event_id = ${param(filter.eventId)}`);
    if (filter.sessionId) where.push(`h.session_id = ${param(filter.sessionId)}`);
    if (filter.action) where.push(`h.action = ${param(filter.action)}`);
    if (filter.actorKind) where.push(`h.actor_kind = ${param(filter.actorKind)}`);
    if (filter.actorUserId) where.push(`h.actor_user_id = ${param(filter.actorUserId)}::uuid`);
    if (filter.bulkId) where.push(`h.bulk_id = ${param(filter.bulkId)}::uuid`);
    if (filter.from) where.push(`h.created_at >= ${MADRID_DAY(param(filter.from))}`);
    if (filter.to) where.push(`h.created_at < ${MADRID_DAY(`(${param(filter.to)}::date + 1)`)}`);
    const matching = `FROM history_entries h WHERE ${where.length ? where.join(' AND ') : 'true'}`;
    // A bulk action's entries of one action make one group; every other entry is a group of its own.
    const groups = filter.bulkId
      ? `SELECT h.id, 1 AS n ${matching}`
      : `SELECT min(h.id) AS id, count(*)::int AS n ${matching}
          GROUP BY coalesce(h.bulk_id::text || ':' || h.action, h.id::text)`;
    const rows: (EntryRow & { n: number; total: number })[] = await this.ds.query(
      `SELECT ${ENTRY_COLUMNS}, ${SUBJECT_LABEL} AS "subjectLabel", g.n, count(*) OVER ()::int AS total
         FROM (${groups}) g JOIN history_entries h ON h.id = g.id
        ORDER BY h.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const totalCount = rows[0]?.total ?? (page > 1 ? await this.countGroups(groups, params) : 0);
    const items = (await this.readable(rows)).map((entry, i) => {
      const { n } = rows[i];
      if (!entry.bulk || filter.bulkId) return entry;
      return { ...entry, bulk: { ...entry.bulk, count: n }, changes: n > 1 ? [] : entry.changes };
    });
    return { items, totalCount, totalPages: Math.ceil(totalCount / pageSize), page, pageSize };
  }

  private async countGroups(groups: string, params: unknown[]): Promise<number> {
    const [{ count }] = await this.ds.query(`SELECT count(*)::int AS count FROM (${groups}) g`, params);
    return count;
  }

  /** The entries as staff read them: changes that changed nothing left out (entries written before they were),
   * sessions named by event title, date and times instead of their ids. */
  private async readable(rows: EntryRow[], db: DataSource | EntityManager = this.ds): Promise<HistoryEntry[]> {
    const entries = rows.map(toEntry);
    const sessionIds = new Set<number>();
    for (const entry of entries) {
      entry.changes = entry.changes.filter((change) => !isEmptyHistoryChange(change));
      for (const change of entry.changes)
        if (change.field === 'sessionId')
          for (const id of [change.from, change.to]) if (typeof id === 'number') sessionIds.add(id);
    }
    if (!sessionIds.size) return entries;
    const sessions: { id: number; name: string }[] = await db.query(
      `SELECT s.id, e.title || ' · ' || ${sessionInSpanishSql('s')} AS name
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ANY($1::int[])`,
      [[...sessionIds]],
    );
    const names = new Map(sessions.map((row) => [row.id, row.name]));
    const name = (id: HistoryChange['from']) => names.get(id as number) ?? `Sesión ${id} (eliminada)`;
    for (const entry of entries)
      entry.changes = entry.changes.map((change) =>
        change.field === 'sessionId' ? { ...change, fromText: name(change.from), toText: name(change.to) } : change,
      );
    return entries;
  }

  /** GDPR erasure: the registrations' entries go with them. Answers how many. */
  async erase(m: EntityManager, registrationIds: number[]): Promise<number> {
    if (!registrationIds.length) return 0;
    const [, deleted]: [unknown, number] = await m.query(
      `DELETE FROM history_entries WHERE subject_kind = 'registration' AND subject_id = ANY($1::int[])`,
      [registrationIds],
    );
    return deleted;
  }
}

function perId(changes: HistoryRecord['changes'], index: number): HistoryChange[] {
  if (!changes?.length) return [];
  return Array.isArray(changes[0]) ? ((changes as HistoryChange[][])[index] ?? []) : (changes as HistoryChange[]);
}

function toEntry({ n: _n, total: _total, ...row }: EntryRow & { n?: number; total?: number }): HistoryEntry {
  return {
    ...row,
    bulk: row.bulk ? { id: row.bulk.id, count: Number(row.bulk.count) } : null,
    actionLabel: HISTORY_ACTIONS[row.action],
    actorLabel: row.actorLabel ?? HISTORY_ACTORS[row.actorKind],
    changes: row.changes ?? [],
    at: new Date(row.at).toISOString(),
  };
}

/** The fields whose values differ between `before` and `after`: with their values (`withValues`), or named only
 * (personal data). */
export function changedFields<T extends object>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
  withValues: (field: keyof T & string) => boolean = () => true,
): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined) continue;
    const from = before[field] as HistoryChange['from'];
    const to = after[field] as HistoryChange['to'];
    if (from === to) continue;
    changes.push(withValues(field) ? { field, from, to } : { field });
  }
  return changes;
}
