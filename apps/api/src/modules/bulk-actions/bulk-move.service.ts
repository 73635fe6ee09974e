import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BULK_MESSAGES, BulkItemResult, BulkResult, MESSAGES, REGISTRATION_STATE } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { BookingEngine, LockedSession, PlacedRow } from '../booking-engine/booking-engine.service';
import { MoveEngine } from '../booking-engine/move-engine.service';
import { duplicatePersonConflict } from '../registrations/person-rules';
import { BulkActionsService, SelectedRow, applyOne, report } from './bulk-actions.service';
import { BulkMoveDto } from './dto/bulk.dto';

const M = BULK_MESSAGES;
const { Active, Waiting } = REGISTRATION_STATE;

/** Moving a selection to another session of the same event (docs/domain.md, "Bulk actions"). A booking's people
 * (a holder and their companions) move together or not at all: selecting one of them moves the group, each group in
 * its own transaction, placed by MoveEngine with the booking rules. */
@Injectable()
export class BulkMoveService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly bulk: BulkActionsService,
    private readonly engine: BookingEngine,
    private readonly moves: MoveEngine,
  ) {}

  async move(dto: BulkMoveDto): Promise<BulkResult> {
    const rows = await this.bulk.selection(dto.registrationIds);
    const [target]: { eventId: number; started: boolean }[] = await this.ds.query(
      `SELECT event_id AS "eventId", starts_at <= now() AS started FROM event_sessions WHERE id = $1`,
      [dto.targetSessionId],
    );
    if (!target) throw AppError.field('targetSessionId', M.targetNotFound);
    if (rows.some((row) => row.eventId !== target.eventId)) throw AppError.field('targetSessionId', M.targetOtherEvent);
    if (target.started) throw AppError.field('targetSessionId', M.targetStarted);

    const items: BulkItemResult[] = [];
    const handled = new Set<number>();
    for (const row of rows) {
      if (handled.has(row.id)) continue;
      const group = await this.groupOf(row);
      group.forEach((id) => handled.add(id));
      let positions = new Map<number, number | null>();
      const result = await applyOne(row.id, () =>
        this.ds.transaction(async (m) => {
          const moved = await this.moveGroup(m, row.sessionId, group, dto.targetSessionId);
          positions = moved.positions;
          return moved;
        }),
      );
      // Everyone of the group shares the outcome; the selected person carries the promotions it caused.
      for (const id of group) {
        const companion = id !== row.id;
        items.push({
          ...result,
          registrationId: id,
          promoted: companion ? [] : result.promoted,
          queuePosition: result.status === 'done' ? (positions.get(id) ?? null) : null,
          reason: result.reason ?? (companion && !rows.some((r) => r.id === id) ? M.movedWithCompanion : null),
        });
      }
    }
    return report(items);
  }

  /** The selected person and the others of their booking still in that session (active or waiting), holder first. */
  private async groupOf(row: SelectedRow): Promise<number[]> {
    if (row.state !== Active && row.state !== Waiting) return [row.id];
    const holder = row.holderId ?? row.id;
    const members: { id: number }[] = await this.ds.query(
      `SELECT id FROM registrations
        WHERE (id = $1 OR holder_registration_id = $1) AND session_id = $2 AND (state = ANY($3::int[]) OR id = $4)
        ORDER BY id <> $1, id`,
      [holder, row.sessionId, [Active, Waiting], row.id],
    );
    return members.map((member) => member.id);
  }

  /** Both sessions locked in id order (the lock order every session change keeps, so two moves in opposite
   * directions cannot deadlock), then the rows; everything re-checked under the locks. */
  private async moveGroup(m: EntityManager, sourceId: number, ids: number[], targetId: number) {
    if (sourceId === targetId) throw AppError.conflict(M.alreadyThere);
    const sessions = new Map<number, LockedSession>();
    for (const id of [sourceId, targetId].sort((x, y) => x - y)) {
      const locked = await this.engine.lockSession(m, id);
      if (!locked) throw AppError.notFound(MESSAGES.booking.sessionNotFound);
      sessions.set(id, locked);
    }
    const [from, to] = [sessions.get(sourceId)!, sessions.get(targetId)!];
    if (to.started) throw AppError.conflict(M.targetStarted);
    const rows: (PlacedRow & { sessionId: number })[] = await m.query(
      `SELECT id, state, uses_reserved_spot AS "usesReservedSpot", queue_position AS "queuePosition", session_id AS "sessionId"
         FROM registrations WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE`,
      [ids],
    );
    if (rows.some((row) => row.sessionId === targetId)) throw AppError.conflict(M.alreadyThere);
    if (rows.some((row) => row.sessionId !== sourceId)) throw AppError.conflict(MESSAGES.booking.registrationNotFound);
    if (rows.some((row) => row.state !== Active && row.state !== Waiting))
      throw AppError.conflict(M.cancelledCannotMove);
    const [taken] = await m.query(
      `SELECT 1 FROM registrations t JOIN registrations r ON r.id = ANY($2::int[])
        WHERE t.session_id = $1 AND t.state = ANY($3::int[])
          AND (lower(t.email) = lower(r.email) OR t.user_tax_id = r.user_tax_id) LIMIT 1`,
      [targetId, ids, [Active, Waiting]],
    );
    if (taken) throw AppError.conflict(M.alreadyInTarget);
    const ordered = ids.map((id) => rows.find((row) => row.id === id)!);
    let moved: Awaited<ReturnType<MoveEngine['moveRegistrations']>>;
    try {
      moved = await this.moves.moveRegistrations(m, from, to, ordered);
    } catch (error) {
      throw duplicatePersonConflict(error) ?? error;
    }
    if (!moved) throw AppError.conflict(M.noRoom);
    return {
      promoted: moved.promoted,
      positions: new Map(moved.placed.map((placed) => [placed.id, placed.queuePosition])),
    };
  }
}
