import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AttendanceCounts,
  AttendancePage,
  CHECKIN_MESSAGES,
  CHECKIN_SESSIONS_MAX,
  CheckInAnswer,
  CheckInOutcome,
  CheckInPerson,
  CheckInRequest,
  CheckInSessionChoice,
  EVENT_STATUS,
  OfflineList,
  REGISTRATION_STATE,
  SyncAnswer,
  SyncConflict,
  SyncScanAnswer,
  UndoCheckInAnswer,
  type VisitorLanguage,
} from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { VisitorMessages } from '../../common/http/visitor-language';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { HistoryService } from '../history/history.service';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { attendanceSearch } from './attendance-search';
import { ticketCode, ticketCodeHash, ticketCodeMatches, ticketLocator } from './ticket-code';
import { runPrepared, namedStatement } from '../../database/named-statement';
import { Coalescer } from '../booking-engine/coalescer';

interface TicketSecretsParams {
  ids: number[];
  active: number;
}

/** The ticket secrets of the registrations just booked (codesFor). */
const TICKET_SECRETS = namedStatement<TicketSecretsParams>(
  'tickets.secrets',
  (p) =>
    `SELECT id, ticket_secret AS "ticketSecret" FROM registrations WHERE id = ANY (${p('ids')}::int[]) AND state = ${p('active')}`,
);

const M = CHECKIN_MESSAGES;
const { Active, Cancelled, Waiting } = REGISTRATION_STATE;
/** A door's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;
const visitorMessages = new VisitorMessages();

/** Who scans: a staff member, an API token (acting for its creator) or a door link. */
export type CheckInActor =
  | { kind: 'user'; userId: string }
  | { kind: 'apiToken'; userId: string; apiTokenId: string }
  | { kind: 'doorLink'; doorLinkId: number; label: string };

interface TicketRow {
  id: number;
  sessionId: number;
  state: number;
  queuePosition: number | null;
  firstName: string;
  lastName: string;
  companionOf: string | null;
  ticketSecret: string;
  language: VisitorLanguage;
}

interface CheckInRow {
  id: number;
  registrationId: number;
  nonce: string;
  checkedInAt: Date;
  door: string | null;
  byLabel: string | null;
}

/** The holder's full name for a companion's row `r` (null for a holder, or when the holder's row was erased). */
const companionOfSql = (r: string) =>
  `(SELECT h.first_name || ' ' || h.last_name FROM registrations h WHERE h.id = ${r}.holder_registration_id)`;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const CHECK_IN_COLUMNS = `id, registration_id AS "registrationId", nonce, checked_in_at AS "checkedInAt", door, by_label AS "byLabel"`;

function madridTime(at: Date): string {
  return at.toLocaleTimeString('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' });
}

/** Check-in at the door (docs/domain.md, "Check-in at the door"). Every scan is one decision on the registration's
 * current row: unknown code, cancelled, waiting, another session, or an INSERT that the partial unique index
 * `check_ins_live_key` lets succeed once per registration (two doors at the same instant: one valid, one already
 * checked in). The nonce is unique per session: a re-sent scan finds its check-in and is never counted twice. */
@Injectable()
export class CheckInService {
  /** One read of the ticket secrets of every batch of ids submitted meanwhile; each batch gets the shared map. */
  private readonly secrets = new Coalescer<'tickets', number[], Map<number, string>>(async (_key, batches) => {
    const rows = await runPrepared<{ id: number; ticketSecret: string }, TicketSecretsParams>(this.ds, TICKET_SECRETS, {
      ids: batches.flat(),
      active: Active,
    });
    const secrets = new Map(rows.map((r) => [r.id, r.ticketSecret]));
    return batches.map(() => secrets);
  });

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhookOutbox,
    private readonly history: HistoryService,
  ) {}

  /** The ticket code of a registration (for e-mails, the booking answer, the cancellation page). */
  codeFor(registrationId: number, ticketSecret: string): string {
    return ticketCode(this.config.appSecret, registrationId, ticketSecret);
  }

  /** The current codes of these registrations that are active; waiting and cancelled ones get none. The bookings
   * being answered at the same time are read together: one prepared read by primary key for all of them
   * (docs/performance.md, "The framework's cost per request"). */
  async codesFor(registrationIds: number[]): Promise<Map<number, string>> {
    if (!registrationIds.length) return new Map();
    const secrets = await this.secrets.submit('tickets', registrationIds);
    const codes = new Map<number, string>();
    for (const id of registrationIds) {
      const secret = secrets.get(id);
      if (secret !== undefined) codes.set(id, this.codeFor(id, secret));
    }
    return codes;
  }

  /** The code in its canonical form when it is the current code of an active registration (one read by primary
   * key, then the MAC), else null: what the public QR image answers for. */
  async activeCode(code: string): Promise<string | null> {
    const id = ticketLocator(code);
    if (id === null) return null;
    const [row]: { ticketSecret: string }[] = await this.ds.query(
      `SELECT ticket_secret AS "ticketSecret" FROM registrations WHERE id = $1 AND state = $2`,
      [id, Active],
    );
    if (!row || !ticketCodeMatches(this.config.appSecret, code, id, row.ticketSecret)) return null;
    return this.codeFor(id, row.ticketSecret);
  }

  /** `requestLanguage`: the request's Accept-Language, for the visitor line of answers that name no registration. */
  async redeem(
    sessionId: number,
    actor: CheckInActor,
    scan: CheckInRequest,
    requestLanguage: VisitorLanguage = 'es',
  ): Promise<CheckInAnswer> {
    await this.assertSession(sessionId);
    const answer = await this.decide(sessionId, actor, scan, requestLanguage);
    return { ...withoutNonce(answer), counts: await this.counts(sessionId) };
  }

  /** Scans decided offline, sent when the network is back, in the order made. Each is decided as if it had just
   * arrived; a ticket a door decided valid offline that another door had already checked in is a conflict: the
   * first check-in the server received is kept. */
  async sync(
    sessionId: number,
    actor: CheckInActor,
    scans: CheckInRequest[],
    requestLanguage: VisitorLanguage = 'es',
  ): Promise<SyncAnswer> {
    await this.assertSession(sessionId);
    // All or nothing on malformed input: no scan is decided when one of them is refused.
    scans.forEach((scan, index) => this.validate(scan, `scans.${index}.`));
    const results: SyncScanAnswer[] = [];
    const conflicts: SyncConflict[] = [];
    for (const scan of scans) {
      const answer = await this.decide(sessionId, actor, scan, requestLanguage);
      results.push(answer);
      if (answer.outcome === 'alreadyCheckedIn' && answer.person && answer.checkInId !== null && !answer.replayed) {
        conflicts.push({
          registrationId: answer.person.registrationId,
          nonce: scan.nonce,
          keptCheckInId: answer.checkInId,
          keptDoor: answer.checkedInDoor,
          keptAt: answer.checkedInAt!,
          rejectedDoor: scan.door ?? null,
          rejectedAt: this.scannedAt(scan).toISOString(),
        });
      }
    }
    return { results, conflicts, counts: await this.counts(sessionId) };
  }

  /** Undoes a check-in (the door's 'Deshacer'): the person is expected again. The row stays, marked undone, so its
   * nonce re-sent is still not counted. `sessionId` limits a door link to its session. */
  async undo(checkInId: number, sessionId: number | null, door?: CheckInActor): Promise<UndoCheckInAnswer> {
    const [row]: { sessionId: number; registrationId: number }[] = await this.ds.query(
      `SELECT session_id AS "sessionId", registration_id AS "registrationId" FROM check_ins
        WHERE id = $1 AND ($2::int IS NULL OR session_id = $2)`,
      [checkInId, sessionId],
    );
    if (!row) throw AppError.notFound(M.undoNotFound);
    const changed = await this.ds.transaction(async (m) => {
      const [, count]: [unknown, number] = await m.query(
        `UPDATE check_ins SET undone_at = now() WHERE id = $1 AND undone_at IS NULL`,
        [checkInId],
      );
      // The door link that undid it, or the request's caller (staff, an API token).
      const actor = door?.kind === 'doorLink' ? { kind: 'doorLink' as const, label: door.label } : undefined;
      if (count) {
        await this.history.record(m, {
          subject: 'registration',
          ids: [row.registrationId],
          action: 'checkInUndone',
          actor,
        });
      }
      return count;
    });
    return {
      undone: changed > 0,
      message: changed > 0 ? M.undone : M.undoNotFound,
      counts: await this.counts(row.sessionId),
    };
  }

  /** presentes / inscritos: active registrations, and those of them with a live check-in. */
  async counts(sessionId: number): Promise<AttendanceCounts> {
    const [row]: { registered: number; present: number }[] = await this.ds.query(
      `SELECT count(*)::int AS registered, count(c.id)::int AS present
         FROM registrations r LEFT JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL
        WHERE r.session_id = $1 AND r.state = $2`,
      [sessionId, Active],
    );
    return { sessionId, registered: row.registered, present: row.present, expected: row.registered - row.present };
  }

  async attendance(
    sessionId: number,
    query: { page?: number; pageSize?: number; checkedIn?: 'true' | 'false'; search?: string },
    showEmail: boolean,
  ): Promise<AttendancePage> {
    await this.assertSession(sessionId);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    const checkedIn = query.checkedIn === undefined ? null : query.checkedIn === 'true';
    const search = attendanceSearch(query.search, showEmail, 4);
    const where = `r.session_id = $1 AND r.state = $2
        AND ($3::boolean IS NULL OR (c.id IS NOT NULL) = $3)${search ? ` AND ${search.sql}` : ''}`;
    const from = `registrations r LEFT JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL`;
    const params = [sessionId, Active, checkedIn, ...(search?.params ?? [])];
    const [{ total }]: { total: number }[] = await this.ds.query(
      `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
      params,
    );
    const [seen, limit, offset] = [params.length + 1, params.length + 2, params.length + 3];
    const items = await this.ds.query(
      `SELECT r.id AS "registrationId", r.first_name AS "firstName", r.last_name AS "lastName",
              CASE WHEN $${seen}::boolean THEN r.email END AS email, c.id IS NOT NULL AS "checkedIn",
              ${iso('c.checked_in_at')} AS "checkedInAt", c.door AS "checkedInDoor", c.id AS "checkInId"
         FROM ${from} WHERE ${where}
        ORDER BY r.last_name, r.first_name, r.id LIMIT $${limit} OFFSET $${offset}`,
      [...params, showEmail, pageSize, (page - 1) * pageSize],
    );
    return {
      counts: await this.counts(sessionId),
      items,
      totalCount: total,
      totalPages: Math.ceil(total / pageSize),
      page,
      pageSize,
    };
  }

  /** What a door needs to decide scans while offline: every registration of the session (active, waiting,
   * cancelled) with the hash of its code, names, state and any check-in. No e-mail, tax ID or phone. */
  async offlineList(sessionId: number): Promise<OfflineList> {
    const session = await this.assertSession(sessionId);
    const rows: (TicketRow & {
      checkedInAt: string | null;
      checkedInDoor: string | null;
      checkedInBy: string | null;
    })[] = await this.ds.query(
      `SELECT r.id, r.state, r.queue_position AS "queuePosition", r.first_name AS "firstName", r.last_name AS "lastName",
              r.ticket_secret AS "ticketSecret", ${iso('c.checked_in_at')} AS "checkedInAt", c.door AS "checkedInDoor",
              c.by_label AS "checkedInBy", ${companionOfSql('r')} AS "companionOf"
         FROM registrations r LEFT JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL
        WHERE r.session_id = $1 ORDER BY r.id`,
      [sessionId],
    );
    return {
      ...session,
      generatedAt: new Date().toISOString(),
      entries: rows.map((r) => ({
        registrationId: r.id,
        codeHash: ticketCodeHash(this.codeFor(r.id, r.ticketSecret)),
        firstName: r.firstName,
        lastName: r.lastName,
        companionOf: r.companionOf,
        state: r.state === Active ? 'active' : r.state === Waiting ? 'waiting' : 'cancelled',
        queuePosition: r.queuePosition,
        checkedInAt: r.checkedInAt,
        checkedInDoor: r.checkedInDoor,
        checkedInBy: r.checkedInBy,
      })),
    };
  }

  /** The sessions a door can open: not ended yet, or ended today in the event's own zone (a door still counting the
   * day's last session), of events that are not cancelled; the soonest first, with their counts in the same read. */
  async doorSessions(): Promise<CheckInSessionChoice[]> {
    const rows: (Omit<CheckInSessionChoice, 'counts'> & { registered: number; present: number })[] =
      await this.ds.query(
        `SELECT s.id AS "sessionId", e.id AS "eventId", e.title AS "eventTitle",
                to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI:SS') AS "startTime",
                to_char(s.end_time, 'HH24:MI:SS') AS "endTime", ${iso('s.starts_at')} AS "startsAt",
                ${iso('s.ends_at')} AS "endsAt", e.time_zone AS "timeZone",
                (SELECT count(*)::int FROM registrations r WHERE r.session_id = s.id AND r.state = $1) AS registered,
                (SELECT count(*)::int FROM registrations r JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL
                  WHERE r.session_id = s.id AND r.state = $1) AS present
           FROM event_sessions s JOIN events e ON e.id = s.event_id
          WHERE e.status <> $2
            AND (s.ends_at > now() OR (s.ends_at AT TIME ZONE e.time_zone)::date = (now() AT TIME ZONE e.time_zone)::date)
          ORDER BY s.starts_at, s.id
          LIMIT $3`,
        [Active, EVENT_STATUS.Cancelled, CHECKIN_SESSIONS_MAX],
      );
    return rows.map(({ registered, present, ...s }) => ({
      ...s,
      counts: { sessionId: s.sessionId, registered, present, expected: registered - present },
    }));
  }

  /** The session as the door shows it; 404 when it doesn't exist. */
  async assertSession(
    sessionId: number,
  ): Promise<{ sessionId: number; eventTitle: string; startDate: string; startTime: string; endTime: string }> {
    const [row] = await this.ds.query(
      `SELECT s.id AS "sessionId", e.title AS "eventTitle", to_char(s.start_date, 'YYYY-MM-DD') AS "startDate",
              to_char(s.start_time, 'HH24:MI:SS') AS "startTime", to_char(s.end_time, 'HH24:MI:SS') AS "endTime"
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId],
    );
    if (!row) throw AppError.notFound(M.sessionNotFound);
    return row;
  }

  private scannedAt(scan: CheckInRequest): Date {
    return scan.scannedAt ? new Date(scan.scannedAt) : new Date();
  }

  private validate(scan: CheckInRequest, prefix = ''): void {
    const hasCode = scan.code !== undefined && scan.code !== null;
    const hasId = scan.registrationId !== undefined && scan.registrationId !== null;
    if (hasCode === hasId) throw AppError.field(`${prefix}code`, M.codeOrRegistration);
    if (scan.scannedAt) {
      const at = new Date(scan.scannedAt).getTime();
      if (!Number.isFinite(at) || at > Date.now() + CLOCK_SKEW_MS)
        throw AppError.field(`${prefix}scannedAt`, M.scannedAtInvalid);
    }
  }

  /** The decision, with the visitor's line: in the registration's booked language, else the request's. */
  private async decide(
    sessionId: number,
    actor: CheckInActor,
    scan: CheckInRequest,
    requestLanguage: VisitorLanguage,
  ): Promise<SyncScanAnswer> {
    const decided = await this.decideScan(sessionId, actor, scan);
    return { ...decided, visitorMessage: visitorLine(decided, decided.language ?? requestLanguage) };
  }

  private async decideScan(sessionId: number, actor: CheckInActor, scan: CheckInRequest): Promise<SyncScanAnswer> {
    this.validate(scan);
    const replay = await this.byNonce(sessionId, scan.nonce);
    if (replay) return this.replayAnswer(replay, scan.nonce);

    const ticket = await this.findTicket(scan);
    if (!ticket) return baseAnswer(scan.nonce, 'unknown', M.unknown);
    const person = {
      registrationId: ticket.id,
      firstName: ticket.firstName,
      lastName: ticket.lastName,
      companionOf: ticket.companionOf,
    };
    const answer = (nonce: string, outcome: CheckInOutcome, message: string) => ({
      ...baseAnswer(nonce, outcome, message),
      language: ticket.language,
    });
    if (ticket.state === Cancelled) return { ...answer(scan.nonce, 'cancelled', M.cancelled), person };
    if (ticket.state === Waiting) {
      return {
        ...answer(scan.nonce, 'waiting', `${M.waiting} (posición ${ticket.queuePosition})`),
        person,
        queuePosition: ticket.queuePosition,
      };
    }
    if (ticket.sessionId !== sessionId) {
      const other = await this.assertSession(ticket.sessionId);
      return {
        ...answer(
          scan.nonce,
          'otherSession',
          `${M.otherSession}: ${other.eventTitle}, ${other.startDate} ${other.startTime.slice(0, 5)}`,
        ),
        person,
        otherSession: {
          sessionId: other.sessionId,
          eventTitle: other.eventTitle,
          startDate: other.startDate,
          startTime: other.startTime,
        },
      };
    }

    const at = this.scannedAt(scan);
    const created = await this.ds.transaction(async (m) => {
      // Only while the registration is still active (a cancellation committed meanwhile wins); any unique violation
      // (the ticket's live check-in, or this nonce) leaves nothing inserted.
      const rows: CheckInRow[] = await m.query(
        `INSERT INTO check_ins (registration_id, session_id, nonce, checked_in_at, door, by_user_id, by_api_token_id,
                                by_door_link_id, by_label)
         SELECT r.id, r.session_id, $3, $4, $5, $6::uuid, $7::uuid, $8::int,
                coalesce($9, (SELECT name FROM api_tokens WHERE id = $7::uuid),
                         (SELECT nullif(concat_ws(' ', first_name, last_name), '') FROM users WHERE id = $6::uuid))
           FROM registrations r WHERE r.id = $1 AND r.session_id = $2 AND r.state = $10
         ON CONFLICT DO NOTHING
         RETURNING ${CHECK_IN_COLUMNS}`,
        [
          ticket.id,
          sessionId,
          scan.nonce,
          at,
          scan.door?.trim() || null,
          actor.kind === 'doorLink' ? null : actor.userId,
          actor.kind === 'apiToken' ? actor.apiTokenId : null,
          actor.kind === 'doorLink' ? actor.doorLinkId : null,
          actor.kind === 'doorLink' ? actor.label : null,
          Active,
        ],
      );
      // Its sequence one on (the statement raises the registration's version, waiting for a cancellation in flight).
      if (rows.length) await this.webhooks.record(m, 'registration.checked_in', [ticket.id], { advance: true });
      return rows[0] ?? null;
    });
    if (created) {
      return { ...answer(scan.nonce, 'valid', M.valid), checkInId: created.id, person, checkedInAt: at.toISOString() };
    }

    const raced = await this.byNonce(sessionId, scan.nonce);
    if (raced) return this.replayAnswer(raced, scan.nonce);
    const [live]: CheckInRow[] = await this.ds.query(
      `SELECT ${CHECK_IN_COLUMNS} FROM check_ins WHERE registration_id = $1 AND undone_at IS NULL`,
      [ticket.id],
    );
    if (!live) return { ...answer(scan.nonce, 'cancelled', M.cancelled), person };
    return { ...this.alreadyAnswer(live, scan.nonce), person, language: ticket.language };
  }

  private alreadyAnswer(live: CheckInRow, nonce: string): SyncScanAnswer {
    const where = [live.door, live.byLabel].filter(Boolean).join(', ');
    return {
      ...baseAnswer(
        nonce,
        'alreadyCheckedIn',
        `${M.alreadyCheckedIn} a las ${madridTime(live.checkedInAt)}${where ? ` (${where})` : ''}`,
      ),
      checkInId: live.id,
      checkedInAt: live.checkedInAt.toISOString(),
      checkedInDoor: live.door,
      checkedInBy: live.byLabel,
    };
  }

  /** The same nonce again: the first answer (valid), whatever happened since. */
  private async replayAnswer(row: CheckInRow, nonce: string): Promise<SyncScanAnswer> {
    const [found]: (CheckInPerson & { language: VisitorLanguage })[] = await this.ds.query(
      `SELECT r.id AS "registrationId", r.first_name AS "firstName", r.last_name AS "lastName",
              ${companionOfSql('r')} AS "companionOf", r.language
         FROM registrations r WHERE r.id = $1`,
      [row.registrationId],
    );
    const { language, ...person } = found ?? { language: null };
    return {
      ...baseAnswer(nonce, 'valid', M.valid),
      language,
      replayed: true,
      checkInId: row.id,
      person: found ? (person as CheckInPerson) : null,
      checkedInAt: row.checkedInAt.toISOString(),
      checkedInDoor: row.door,
      checkedInBy: row.byLabel,
    };
  }

  private async byNonce(sessionId: number, nonce: string): Promise<CheckInRow | null> {
    const [row]: CheckInRow[] = await this.ds.query(
      `SELECT ${CHECK_IN_COLUMNS} FROM check_ins WHERE session_id = $1 AND nonce = $2`,
      [sessionId, nonce],
    );
    return row ?? null;
  }

  /** The registration a code or id names; null for anything that isn't a current code (altered, deleted). */
  private async findTicket(scan: CheckInRequest): Promise<TicketRow | null> {
    const id = scan.code !== undefined && scan.code !== null ? ticketLocator(scan.code) : scan.registrationId!;
    if (id === null) return null;
    const [row]: TicketRow[] = await this.ds.query(
      `SELECT r.id, r.session_id AS "sessionId", r.state, r.queue_position AS "queuePosition", r.first_name AS "firstName",
              r.last_name AS "lastName", r.ticket_secret AS "ticketSecret", ${companionOfSql('r')} AS "companionOf",
              r.language
         FROM registrations r WHERE r.id = $1`,
      [id],
    );
    if (!row) return null;
    if (scan.code !== undefined && scan.code !== null) {
      if (!ticketCodeMatches(this.config.appSecret, scan.code, row.id, row.ticketSecret)) return null;
    }
    return row;
  }
}

function baseAnswer(nonce: string, outcome: CheckInOutcome, message: string): SyncScanAnswer {
  return {
    nonce,
    outcome,
    ok: outcome === 'valid',
    message,
    language: null,
    visitorMessage: '',
    checkInId: null,
    person: null,
    checkedInAt: null,
    checkedInDoor: null,
    checkedInBy: null,
    otherSession: null,
    queuePosition: null,
    replayed: false,
  };
}

/** The verdict for the visitor in `lang` (catalog `doorVisitor.<outcome>`): times in Madrid's clock as the Spanish
 * message has them, the other session's day as dd/mm/yyyy. */
function visitorLine(a: SyncScanAnswer, lang: VisitorLanguage): string {
  const values: Record<string, string> = {};
  if (a.checkedInAt) values.time = madridTime(new Date(a.checkedInAt));
  if (a.otherSession) {
    const [y, m, d] = a.otherSession.startDate.split('-');
    Object.assign(values, { date: `${d}/${m}/${y}`, time: a.otherSession.startTime.slice(0, 5) });
  }
  if (a.queuePosition !== null) values.position = String(a.queuePosition);
  return visitorMessages.render(lang, `doorVisitor.${a.outcome}`, values);
}

function withoutNonce(a: SyncScanAnswer): Omit<SyncScanAnswer, 'nonce'> {
  const { nonce: _nonce, ...rest } = a;
  return rest;
}
