import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  AdminEvent,
  EVENT_DEFAULTS,
  EVENT_STATUS,
  EventCategory,
  MESSAGES,
  Paged,
  PublicEvent,
  PublicEventListItem,
  Session,
  type VisitorLanguage,
} from '@evreg/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/pg-errors';
import { HistoryService, changedFields } from '../history/history.service';
import { descriptionText, sanitizeDescription } from './description';
import { checkTranslations } from './translations';
import { CreateEventDto, UpdateEventDto } from './dto/event.dto';
import type { ListEventsQueryDto } from './dto/event-list.dto';
import { EventCategoryEntity } from './entities/event-category.entity';
import { EventEntity } from './entities/event.entity';
import { toAdminEvent, toPublicEvent } from './event-view';
import { queryEventList, queryEventPage, queryPublicEventPage } from './event-list.query';
import { findEventForBookingPage } from './event-row.query';
import { querySessions } from './session-view.query';
import { SessionsService } from './sessions.service';

const M = MESSAGES.events;

type EventFields = Omit<EventEntity, 'id' | 'createdAt' | 'updatedAt'>;

/** The fields an edit may change, as the history names them; those in EVENT_VALUES with their values before and
 * after, the others (long texts, the organiser's contact details) by name only. */
const EVENT_FIELDS = [
  'title',
  'description',
  'eventCategoryId',
  'status',
  'isPublic',
  'price',
  'country',
  'city',
  'address',
  'place',
  'postalCode',
  'timeZone',
  'organizerName',
  'organizerId',
  'organizerEmail',
  'organizerPhone',
  'organizerWebsite',
  'imageUrl',
] as const satisfies readonly (keyof EventFields)[];
const EVENT_VALUES = new Set<string>([
  'title',
  'eventCategoryId',
  'status',
  'isPublic',
  'price',
  'city',
  'place',
  'timeZone',
]);

@Injectable()
export class EventsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(EventEntity) private readonly repo: Repository<EventEntity>,
    @InjectRepository(EventCategoryEntity) private readonly categoryRepo: Repository<EventCategoryEntity>,
    private readonly sessions: SessionsService,
    private readonly history: HistoryService,
  ) {}

  /** Every event (the unpaged answer): newest first, or by `sort`; `search` over title, description text, city
   * and place. */
  async list(query: ListEventsQueryDto = {}): Promise<AdminEvent[]> {
    return this.withSessions(this.ds, await queryEventList(this.ds, query));
  }

  /** One page of the back office's list (docs/domain.md, "Lists at real sizes"), each event with its sessions. */
  async page(query: ListEventsQueryDto): Promise<Paged<AdminEvent>> {
    const { events, totalCount, page, pageSize } = await queryEventPage(this.ds, query);
    const items = await this.withSessions(this.ds, events);
    return { items, totalCount, totalPages: Math.ceil(totalCount / pageSize), page, pageSize };
  }

  /** The public list (docs/domain.md, "The public list of events"): Live, public events in their public view,
   * each with its sessions still to come. No staff field. */
  async publicPage(query: ListEventsQueryDto, language: VisitorLanguage = 'es'): Promise<Paged<PublicEventListItem>> {
    const { events, totalCount, page, pageSize } = await queryPublicEventPage(this.ds, query);
    const sessions = events.length
      ? await querySessions(this.ds, 's.event_id = ANY($1::int[]) AND s.starts_at > now()', [events.map((e) => e.id)])
      : [];
    const items = events.map((event) => ({
      ...toPublicEvent(event, { excerpt: query.showExcerpt === true, language }),
      sessions: sessions.filter((s) => s.eventId === event.id),
    }));
    return { items, totalCount, totalPages: Math.ceil(totalCount / pageSize), page, pageSize };
  }

  async get(id: number, db: DataSource | EntityManager = this.ds): Promise<AdminEvent> {
    const event = await db.getRepository(EventEntity).findOneBy({ id });
    if (!event) throw AppError.notFound(M.notFound);
    return (await this.withSessions(db, [event]))[0];
  }

  /** The booking page's view. Drafts too, so organisers can preview them: registration refuses them. */
  async getPublic(id: number, options: { excerpt?: boolean; language?: VisitorLanguage } = {}): Promise<PublicEvent> {
    const event = await findEventForBookingPage(this.ds, id);
    if (!event) throw AppError.notFound(M.notFound);
    return toPublicEvent(event, options);
  }

  async categories(): Promise<EventCategory[]> {
    const rows = await this.categoryRepo.find({ order: { name: 'ASC' } });
    return rows.map(({ id, name }) => ({ id, name }));
  }

  async create(dto: CreateEventDto): Promise<AdminEvent> {
    const fields = await this.prepare(dto);
    try {
      await this.ds.transaction(async (m) => {
        await m.getRepository(EventEntity).insert({ id: dto.id, ...fields });
        await this.history.record(m, { subject: 'event', ids: [dto.id], action: 'eventCreated' });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(M.idTaken, { id: [M.idTaken] });
      if (isForeignKeyViolation(error)) throw AppError.field('eventCategoryId', M.categoryNotFound);
      throw error;
    }
    return this.get(dto.id);
  }

  /** A change of time zone re-dates every session (their local dates and times stay). */
  async update(id: number, dto: UpdateEventDto): Promise<AdminEvent> {
    return this.ds.transaction(async (m) => {
      const current = await m
        .getRepository(EventEntity)
        .findOne({ where: { id }, lock: { mode: 'for_no_key_update' } });
      if (!current) throw AppError.notFound(M.notFound);
      if (dto.id !== undefined && dto.id !== id) throw AppError.field('id', M.idImmutable);
      const fields = await this.prepare(dto, current, m);
      try {
        await m.getRepository(EventEntity).update({ id }, fields);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw AppError.field('eventCategoryId', M.categoryNotFound);
        throw error;
      }
      const changes = changedFields(current, fields, EVENT_FIELDS, (field) => EVENT_VALUES.has(field));
      if (changes.length)
        await this.history.record(m, { subject: 'event', ids: [id], action: 'eventUpdated', changes });
      if (fields.timeZone !== current.timeZone) {
        await m.query(
          `UPDATE event_sessions SET starts_at = (start_date + start_time) AT TIME ZONE $2, ends_at = (end_date + end_time) AT TIME ZONE $2
            WHERE event_id = $1`,
          [id, fields.timeZone],
        );
      }
      return this.get(id, m);
    });
  }

  /** Refused while anyone is registered or waiting in one of its sessions; otherwise the sessions go too. The
   * event's history is kept (docs/domain.md, "History"): each session's deletion and the event's own, with its
   * title, are recorded in it. */
  async remove(id: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const [event]: { id: number; title: string }[] = await m.query(
        `SELECT id, title FROM events WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!event) throw AppError.notFound(M.notFound);
      const sessions: { id: number }[] = await m.query(
        `SELECT id FROM event_sessions WHERE event_id = $1 ORDER BY id FOR UPDATE`,
        [id],
      );
      await this.sessions.deleteUnbooked(
        m,
        sessions.map((s) => s.id),
        M.hasRegistrations,
      );
      await this.history.record(m, {
        subject: 'event',
        ids: [id],
        action: 'eventDeleted',
        changes: [{ field: 'title', from: event.title, to: null }],
      });
      await m.query(`DELETE FROM events WHERE id = $1`, [id]);
    });
  }

  /** The row to write: description sanitised, category and time zone checked (all problems in one 400).
   * On update an omitted optional field keeps its current value. */
  private async prepare(
    dto: CreateEventDto | UpdateEventDto,
    current?: EventEntity,
    db: DataSource | EntityManager = this.ds,
  ): Promise<EventFields> {
    const errors: Record<string, string[]> = {};
    const description = sanitizeDescription(dto.description);
    if (!descriptionText(description)) errors.description = [M.descriptionRequired];
    const checked = dto.translations === undefined ? null : checkTranslations(dto.translations);
    Object.assign(errors, checked?.errors);
    if (!(await db.getRepository(EventCategoryEntity).existsBy({ id: dto.eventCategoryId })))
      errors.eventCategoryId = [M.categoryNotFound];
    const currentZone = current?.timeZone ?? EVENT_DEFAULTS.timeZone;
    const timeZone =
      dto.timeZone === undefined || dto.timeZone === currentZone
        ? currentZone
        : await this.knownTimeZone(db, dto.timeZone);
    if (!timeZone) errors.timeZone = [M.timeZoneInvalid];
    if (Object.keys(errors).length || !timeZone) throw AppError.validation(errors);
    return {
      title: dto.title,
      description,
      eventCategoryId: dto.eventCategoryId,
      country: dto.country ?? current?.country ?? EVENT_DEFAULTS.country,
      city: dto.city,
      address: dto.address ?? current?.address ?? '',
      place: dto.place,
      postalCode: dto.postalCode,
      status: dto.status ?? current?.status ?? EVENT_STATUS.Draft,
      isPublic: dto.isPublic ?? current?.isPublic ?? true,
      price: dto.price ?? current?.price ?? 0,
      organizerName: dto.organizerName,
      // null clears these; only an omitted value keeps the current one.
      organizerId: dto.organizerId === undefined ? (current?.organizerId ?? null) : dto.organizerId,
      organizerEmail: dto.organizerEmail === undefined ? (current?.organizerEmail ?? null) : dto.organizerEmail,
      organizerPhone: dto.organizerPhone === undefined ? (current?.organizerPhone ?? null) : dto.organizerPhone,
      organizerWebsite: dto.organizerWebsite === undefined ? (current?.organizerWebsite ?? null) : dto.organizerWebsite,
      imageUrl: dto.imageUrl === undefined ? (current?.imageUrl ?? null) : dto.imageUrl,
      // Omitted keeps them; {} clears them.
      translations: checked?.translations ?? current?.translations ?? {},
      timeZone,
    };
  }

  /** The zone as PostgreSQL spells it, or null if PostgreSQL doesn't know it (the DTO has checked it against
   * the runtime's list already; the sessions are dated by PostgreSQL). The view reads the whole zone database
   * (~50 ms), hence asked only when the zone changes. */
  private async knownTimeZone(db: DataSource | EntityManager, name: string): Promise<string | null> {
    const [row]: { name: string }[] = await db.query(
      `SELECT name FROM pg_timezone_names WHERE lower(name) = lower($1) LIMIT 1`,
      [name],
    );
    return row?.name ?? null;
  }

  private async withSessions(db: DataSource | EntityManager, events: EventEntity[]): Promise<AdminEvent[]> {
    if (!events.length) return [];
    const sessions = await querySessions(db, 's.event_id = ANY($1::int[])', [events.map((e) => e.id)]);
    const byEvent = new Map<number, Session[]>();
    for (const session of sessions) byEvent.set(session.eventId, [...(byEvent.get(session.eventId) ?? []), session]);
    return events.map((event) => toAdminEvent(event, byEvent.get(event.id) ?? []));
  }
}
