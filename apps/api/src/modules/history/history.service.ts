import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HISTORY_ACTIONS,
  HISTORY_ACTORS,
  HistoryAction,
  HistoryActorKind,
  HistoryChange,
  HistoryEntry,
  HistorySubject,
  MESSAGES,
  isEmptyHistoryChange,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { sessionInfoSql } from '../../database/sql';
import { sessionInSpanish } from '../registrations/registrations-export';
import { HistoryActor, SYSTEM_ACTOR, currentActor } from './actor-context';

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
  h.actor_label AS "actorLabel", h.changes, h.created_at AS at`;

/** A registration's entries that its own rows already keep: its creation (unless one was recorded, as staff
 * registrations are) and its check-ins at the door (check_ins keeps when, where and by whom; an undo is recorded). The public booking path writes nothing
 * more than the registration. */
const DERIVED_ENTRIES = `
  SELECT 'r-' || r.id AS id, 'registration' AS subject, r.id AS "subjectId", s.event_id AS "eventId",
         r.session_id AS "sessionId", 'created' AS action,
         CASE WHEN r.source = 'public' THEN 'visitor' ELSE 'staff' END AS "actorKind", NULL::uuid AS "actorUserId",
         NULL AS "actorLabel", '[]'::jsonb AS changes, r.created_at AS at
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
         c.checked_in_at
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
                                    actor_label, changes)
       SELECT $2, ids.id, scope.event_id, scope.session_id, $3, $7, $4::uuid, ${ACTOR_LABEL}, ids.changes
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
    const sessions: { id: number; title: string; info: string }[] = await db.query(
      `SELECT s.id, e.title, ${sessionInfoSql('s')} AS info FROM event_sessions s JOIN events e ON e.id = s.event_id
        WHERE s.id = ANY($1::int[])`,
      [[...sessionIds]],
    );
    const names = new Map(sessions.map((row) => [row.id, `${row.title} · ${sessionInSpanish(row.info)}`]));
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

function toEntry(row: EntryRow): HistoryEntry {
  return {
    ...row,
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
