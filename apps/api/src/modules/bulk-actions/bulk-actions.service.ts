import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BULK_MESSAGES,
  BulkItemResult,
  BulkNotifyAudience,
  BulkResult,
  NotificationResult,
  REGISTRATION_STATE,
} from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { Principal } from '../auth/principal';
import { BlacklistService } from '../blacklist/blacklist.service';
import { NotificationsService } from '../notifications/notifications.service';
import { CancellationService } from '../registrations/cancellation.service';
import { RegistrationsAdminService } from '../registrations/registrations-admin.service';
import { BulkBlacklistDto, BulkNotificationDto, BulkSelectionDto } from './dto/bulk.dto';

const M = BULK_MESSAGES;

/** A selected registration as the bulk actions read it before acting. */
export interface SelectedRow {
  id: number;
  sessionId: number;
  eventId: number;
  state: number;
  email: string;
  holderId: number | null;
}

/** One item's outcome from the single action: done (with what it promoted), or the single action's refusal. */
export async function applyOne(
  registrationId: number,
  run: () => Promise<{ promoted?: number[]; queuePosition?: number | null } | void>,
): Promise<BulkItemResult> {
  try {
    const outcome = (await run()) ?? {};
    return {
      registrationId,
      status: 'done',
      reason: null,
      promoted: outcome.promoted ?? [],
      queuePosition: outcome.queuePosition ?? null,
    };
  } catch (error) {
    // A foreseeable refusal of the single action (already cancelled, not active, no room...) is this person's
    // reason; anything else is a fault and fails the request (the items already done stay done).
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return { registrationId, status: 'skipped', reason: error.message, promoted: [], queuePosition: null };
  }
}

export function report(items: BulkItemResult[]): BulkResult {
  const done = items.filter((item) => item.status === 'done').length;
  return {
    total: items.length,
    done,
    skipped: items.length - done,
    promoted: items.flatMap((item) => item.promoted),
    items,
  };
}

/** Bulk actions on a selection of registrations (docs/domain.md, "Bulk actions"): each person goes through the single
 * action's own service method, in its own transaction, one after the other in the order selected, so promotions,
 * e-mails, webhooks and history are exactly what the actions one by one would write; one person's refusal is
 * reported and the others go on (per item, not all-or-nothing). Unknown ids refuse the whole request first. */
@Injectable()
export class BulkActionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly cancellation: CancellationService,
    private readonly admin: RegistrationsAdminService,
    private readonly blacklist: BlacklistService,
    private readonly notifications: NotificationsService,
  ) {}

  /** The selection without repeats, in the order given, every id known (else a 400 naming the missing ones). */
  async selection(registrationIds: number[]): Promise<SelectedRow[]> {
    const ids = [...new Set(registrationIds)];
    const rows: SelectedRow[] = await this.ds.query(
      `SELECT r.id, r.session_id AS "sessionId", s.event_id AS "eventId", r.state, r.email,
              r.holder_registration_id AS "holderId"
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id WHERE r.id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length) throw AppError.field('registrationIds', M.unknownIds(unknown));
    return ids.map((id) => byId.get(id)!);
  }

  /** The report with each person's name (companions moved along too), for a staff member who may see
   * registrations; null names otherwise. Read after the action, so nobody has to be on the caller's page. */
  async named(result: BulkResult, actor: Principal): Promise<BulkResult> {
    const names = await this.namesFor(
      result.items.map((item) => item.registrationId),
      actor,
    );
    return {
      ...result,
      items: result.items.map((item) => ({ ...item, name: names.get(item.registrationId) ?? null })),
    };
  }

  /** 'Nombre Apellidos' of each registration, when the actor may see registrations (else none). */
  async namesFor(ids: number[], actor: Principal): Promise<Map<number, string>> {
    if (!actor.permissions.has('Registrations.Read') || !ids.length) return new Map();
    const rows: { id: number; name: string }[] = await this.ds.query(
      `SELECT id, trim(first_name || ' ' || last_name) AS name FROM registrations WHERE id = ANY($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async cancel(dto: BulkSelectionDto): Promise<BulkResult> {
    const rows = await this.selection(dto.registrationIds);
    const items: BulkItemResult[] = [];
    for (const row of rows) items.push(await applyOne(row.id, () => this.cancellation.cancel(row.id)));
    return report(items);
  }

  async resend(dto: BulkSelectionDto): Promise<BulkResult> {
    const rows = await this.selection(dto.registrationIds);
    const items: BulkItemResult[] = [];
    for (const row of rows) items.push(await applyOne(row.id, () => this.admin.resendEmail(row.id).then(() => {})));
    return report(items);
  }

  /** One blacklist entry per selected person, in their registration's event and session, each with its own message
   * (BlacklistService.create); someone already listed for that session (or twice in the selection) is skipped with
   * 'Ya estaba en la lista negra', by the database's unique rule, so two staff members at once can't double it. */
  async addToBlacklist(dto: BulkBlacklistDto, actor: Principal): Promise<BulkResult> {
    const { registrationIds, ...entry } = dto;
    const rows = await this.selection(registrationIds);
    const items: BulkItemResult[] = [];
    for (const row of rows)
      items.push(
        await applyOne(row.id, () =>
          this.blacklist
            .create({ ...entry, eventId: row.eventId, eventSessionId: row.sessionId, email: row.email }, actor)
            .then(() => {}),
        ),
      );
    return report(items);
  }

  /** Who a notification to the selection would reach (nothing is sent): the confirmation's count and, per session,
   * what the SMS estimate needs, as `notify` will write them (active registrations only). */
  async notifyAudience(dto: BulkSelectionDto): Promise<BulkNotifyAudience> {
    const rows = await this.selection(dto.registrationIds);
    const sessions: BulkNotifyAudience['sessions'] = await this.ds.query(
      `SELECT e.title AS "eventTitle", to_char(s.start_date, 'YYYY-MM-DD') AS "startDate",
              to_char(s.start_time, 'HH24:MI') AS "startTime", s.is_all_day AS "isAllDay", count(*)::int AS recipients,
              count(nullif(trim(r.telephone_number), ''))::int AS "withPhone"
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
        WHERE r.id = ANY($1::int[]) AND r.state = $2
        GROUP BY s.id, e.title ORDER BY s.starts_at, s.id`,
      [rows.map((row) => row.id), REGISTRATION_STATE.Active],
    );
    return {
      selected: rows.length,
      recipients: sessions.reduce((sum, session) => sum + session.recipients, 0),
      sessions,
    };
  }

  /** The session notification's rules on a selection; the selected people who are not active are named in errors. */
  async notify(dto: BulkNotificationDto, actor: Principal): Promise<NotificationResult> {
    const { registrationIds, ...message } = dto;
    const rows = await this.selection(registrationIds);
    const result = await this.notifications.toRegistrations(
      rows.map((row) => row.id),
      message,
      actor,
    );
    const inactive = rows.filter((row) => row.state !== REGISTRATION_STATE.Active);
    const names = await this.namesFor(
      inactive.map((row) => row.id),
      actor,
    );
    const who = (id: number) => (names.has(id) ? `${names.get(id)} (registro ${id})` : `registro ${id}`);
    return {
      ...result,
      errors: [...inactive.map((row) => `${who(row.id)}: ${M.notActiveForNotification}`), ...result.errors],
    };
  }
}
