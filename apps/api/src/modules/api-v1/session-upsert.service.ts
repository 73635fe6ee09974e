import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { isUniqueViolation } from '../../database/pg-errors';
import { CreateSessionDto } from '../events/dto/session.dto';
import { readSchedule } from '../events/session-schedule';
import { SessionsService } from '../events/sessions.service';
import { SessionCapacityService } from '../session-capacity/session-capacity.service';
import type { SessionV1Dto } from './dto/resources.dto';
import { V1ReadsService } from './v1-reads.service';
import { V1_MESSAGES as M } from './v1-messages';

const EXTERNAL_ID_KEY = 'event_sessions_external_id_key';

interface Capacity {
  maxAttendees: number;
  reservedSpots: number;
  maxQueueSpots: number;
}

/** A session created or updated by the content system's own key (PUT …/sessions/by-external-id/{externalId}).
 * Every rule is the back office's: creation is SessionsService.create, a change of dates and flags is
 * SessionsService.update, a change of capacity goes through SessionCapacityService (under the session lock, with
 * its promotions); nothing here decides about seats. */
@Injectable()
export class SessionUpsertService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sessions: SessionsService,
    private readonly capacity: SessionCapacityService,
    private readonly reads: V1ReadsService,
  ) {}

  async upsert(
    eventId: number,
    externalId: string,
    dto: CreateSessionDto,
  ): Promise<{ created: boolean; session: SessionV1Dto }> {
    // Two requests creating the same key at once: the unique index lets one insert; the other meets it and
    // updates the row just created instead (one retry is enough: the row exists from then on).
    for (let attempt = 0; ; attempt++) {
      const [existing]: ({ id: number } & Capacity)[] = await this.ds.query(
        `SELECT id, max_attendees AS "maxAttendees", reserved_spots AS "reservedSpots", max_queue_spots AS "maxQueueSpots"
           FROM event_sessions WHERE event_id = $1 AND external_id = $2`,
        [eventId, externalId],
      );
      if (existing) {
        await this.update(eventId, existing, dto);
        return { created: false, session: await this.reads.getSession(existing.id) };
      }
      try {
        const created = await this.sessions.create(eventId, dto, { externalId });
        return { created: true, session: await this.reads.getSession(created.id) };
      } catch (error) {
        if (attempt === 0 && isExternalIdTaken(error)) continue;
        throw error;
      }
    }
  }

  /** The dates are checked before any capacity change, so a refused date writes nothing. A refused capacity
   * (below the people registered…) is a 400 naming the field; changes already applied stay (the PUT, repeated
   * with corrected values, reaches the same state). */
  private async update(eventId: number, current: { id: number } & Capacity, dto: CreateSessionDto): Promise<void> {
    const { errors } = readSchedule(dto);
    if (Object.keys(errors).length) throw AppError.validation(errors);
    for (const step of capacitySteps(current, dto)) {
      if (step === 'maxAttendees') await this.capacity.setMaxAttendees(eventId, current.id, dto.maxAttendees);
      if (step === 'reservedSpots') await this.capacity.setReservedSpots(eventId, current.id, dto.reservedSpots!);
      if (step === 'maxQueueSpots') await this.capacity.setMaxQueueSpots(eventId, current.id, dto.maxQueueSpots!);
    }
    const { maxAttendees: _m, reservedSpots: _r, maxQueueSpots: _q, ...schedule } = dto;
    await this.sessions.update(eventId, current.id, schedule);
  }
}

/** The capacity changes a PUT asks for, in an order each step can pass: what shrinks inside the total first
 * (queue, reserved), then the total, then what grows inside it. An omitted field keeps its value. */
export function capacitySteps(current: Capacity, wanted: Partial<Capacity>): (keyof Capacity)[] {
  const changes = (field: keyof Capacity) => wanted[field] !== undefined && wanted[field] !== current[field];
  const shrinks = (field: keyof Capacity) => changes(field) && wanted[field]! < current[field];
  const steps: (keyof Capacity)[] = [];
  for (const field of ['maxQueueSpots', 'reservedSpots'] as const) if (shrinks(field)) steps.push(field);
  if (changes('maxAttendees')) steps.push('maxAttendees');
  for (const field of ['reservedSpots', 'maxQueueSpots'] as const)
    if (changes(field) && !shrinks(field)) steps.push(field);
  return steps;
}

function isExternalIdTaken(error: unknown): boolean {
  const candidate = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  return isUniqueViolation(error) && (candidate.driverError?.constraint ?? candidate.constraint) === EXTERNAL_ID_KEY;
}

/** The path's external id: 1..100 characters (longer never reaches here: the router's limit of a path
 * parameter answers 414), none a control character. */
export function checkExternalId(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (value.length < 1 || value.length > 100 || /[\u0000-\u001f\u007f]/.test(value))
    throw AppError.field('externalId', M.externalIdInvalid);
  return value;
}
