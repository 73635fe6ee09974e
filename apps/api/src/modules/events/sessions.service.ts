import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  BulkUpdateWaitingLimitsResponse,
  type EventTranslations,
  MESSAGES,
  Session,
  translatedContent,
  type VisitorLanguage,
} from '@evreg/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { personText } from '../../common/person-texts';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { sessionCalendar } from '../email/calendar';
import { organizerContact } from '../email/email-composer';
import { addressLine } from '../email/template-renderer';
import { BookingEngine } from '../booking-engine/booking-engine.service';
import { HistoryService, changedFields } from '../history/history.service';
import { SettingsService } from '../settings/settings.service';
import { CreateSessionDto, UpdateSessionDto } from './dto/session.dto';
import { EventEntity } from './entities/event.entity';
import { toPublicEvent } from './event-view';
import { readSchedule } from './session-schedule';
import { findEventForBookingPage } from './event-row.query';
import { querySessions } from './session-view.query';

const M = MESSAGES.sessions;

/** The moment a local date and time of the event happen: `(date + time) AT TIME ZONE zone`. */
const zoned = (date: string, time: string, zone: string) => `(${date}::date + ${time}::time) AT TIME ZONE ${zone}`;

const CAPACITY_FIELDS = [
  ['maxAttendees', M.maxAttendeesChangeElsewhere],
  ['reservedSpots', M.reservedSpotsChangeElsewhere],
  ['maxQueueSpots', M.maxWaitingSpotsChangeElsewhere],
] as const;

/** A session as an edit may change it; the history keeps each changed field with its values before and after. */
interface SessionFields {
  maxAttendees: number;
  reservedSpots: number;
  maxQueueSpots: number;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  isAllDay: boolean;
  isRegistrationOpen: boolean;
  isPromotionLocked: boolean;
}
const SCHEDULE_FIELDS = [
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'isAllDay',
  'isRegistrationOpen',
  'isPromotionLocked',
] as const;

@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(EventEntity) private readonly events: Repository<EventEntity>,
    private readonly settings: SettingsService,
    private readonly engine: BookingEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly history: HistoryService,
  ) {}

  /** A session as an .ics file anyone may add to their calendar: the event, when, where, the organiser and the
   * booking page; nothing about any person. The same generator as the e-mails' attachment. Title and description
   * in the request's language. */
  async calendar(sessionId: number, language: VisitorLanguage = 'es'): Promise<{ filename: string; content: string }> {
    const [row]: {
      eventId: number;
      title: string;
      translations: EventTranslations;
      place: string;
      address: string;
      city: string;
      organizerName: string;
      organizerEmail: string | null;
      organizerPhone: string | null;
      organizerWebsite: string | null;
      startsAt: Date;
      endsAt: Date;
      isAllDay: boolean;
      startDate: string;
      endDate: string;
      revisedAt: Date;
    }[] = await this.ds.query(
      `SELECT e.id AS "eventId", e.title, e.translations, e.place, e.address, e.city, e.organizer_name AS "organizerName",
              e.organizer_email AS "organizerEmail", e.organizer_phone AS "organizerPhone",
              e.organizer_website AS "organizerWebsite", s.starts_at AS "startsAt", s.ends_at AS "endsAt",
              s.is_all_day AS "isAllDay", to_char(s.start_date, 'YYYY-MM-DD') AS "startDate",
              to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", GREATEST(e.updated_at, s.updated_at) AS "revisedAt"
         FROM event_sessions s JOIN events e ON e.id = s.event_id
        WHERE s.id = $1`,
      [sessionId],
    );
    if (!row) throw AppError.notFound(MESSAGES.booking.sessionNotFound);
    // The page opens in the calendar's language in whatever browser the link is followed.
    const bookingPage = `${this.config.publicBaseUrl}/?eventId=${row.eventId}&lang=${language}`;
    const organizer = [row.organizerName.trim(), organizerContact(row)].filter(Boolean).join(' · ');
    const content = sessionCalendar({
      uid: `session-${sessionId}@${new URL(this.config.publicBaseUrl).host}`,
      title: translatedContent({ ...row, description: '' }, language).title,
      location: addressLine(row),
      description: [
        organizer && personText(language, 'visitorEmail.organizer', { organizer }),
        personText(language, 'visitorEmail.calendarBooking', { url: bookingPage }),
      ]
        .filter(Boolean)
        .join('\n'),
      url: bookingPage,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      isAllDay: row.isAllDay,
      startDate: row.startDate,
      endDate: row.endDate,
      organizer: { name: row.organizerName.trim(), email: row.organizerEmail },
      revisedAt: row.revisedAt,
    });
    return { filename: `evento-${row.eventId}-${row.startDate}.ics`, content };
  }

  /** Every session of an event, past ones too, by start; `event` added on request. */
  async list(
    eventId: number,
    options: { showEventDetails?: boolean; sessionToken?: string; language?: VisitorLanguage } = {},
  ): Promise<Session[]> {
    const event = await findEventForBookingPage(this.ds, eventId);
    if (!event) throw AppError.notFound(MESSAGES.events.notFound);
    const sessions = await querySessions(this.ds, 's.event_id = $1', [eventId], {
      excludeToken: options.sessionToken,
      statementName: 'sessions.of-event',
    });
    if (!options.showEventDetails) return sessions;
    const details = toPublicEvent(event, { language: options.language });
    return sessions.map((session) => ({ ...session, event: details }));
  }

  /** `externalId`: the content system's key of the session (the integrators' upsert, api-v1), unique per event. */
  async create(eventId: number, dto: CreateSessionDto, options: { externalId?: string } = {}): Promise<Session> {
    const limits = await this.settings.waitingListSettings();
    const { schedule, errors } = readSchedule(dto);
    const reservedSpots = dto.reservedSpots ?? 0;
    const maxQueueSpots = dto.maxQueueSpots ?? limits.defaultMaxQueueSpots;
    if (reservedSpots > dto.maxAttendees) errors.reservedSpots = [M.reservedAboveCapacity];
    if (maxQueueSpots > limits.globalMaxQueueSpots)
      errors.maxQueueSpots = [M.maxWaitingAboveGlobal(limits.globalMaxQueueSpots)];
    if (dto.eventId !== undefined && dto.eventId !== eventId) errors.eventId = [M.eventIdMismatch];

    return this.ds.transaction(async (m) => {
      // FOR SHARE: a concurrent change of the event's time zone waits, then re-dates this session too.
      const [event] = await m.query(`SELECT id FROM events WHERE id = $1 FOR SHARE`, [eventId]);
      if (!event) throw AppError.notFound(MESSAGES.events.notFound);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const [{ id }]: { id: number }[] = await m.query(
        `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, is_all_day, starts_at, ends_at,
                                     max_attendees, reserved_spots, max_queue_spots, is_registration_open, is_promotion_locked,
                                     external_id)
         SELECT e.id, $2::date, $3::date, $4::time, $5::time, $6, ${zoned('$2', '$4', 'e.time_zone')}, ${zoned('$3', '$5', 'e.time_zone')},
                $7, $8, $9, $10, $11, $12
           FROM events e WHERE e.id = $1
         RETURNING id`,
        [
          eventId,
          schedule.startDate,
          schedule.endDate,
          schedule.startTime,
          schedule.endTime,
          schedule.isAllDay,
          dto.maxAttendees,
          reservedSpots,
          maxQueueSpots,
          dto.isRegistrationOpen ?? true,
          dto.isPromotionLocked ?? false,
          options.externalId ?? null,
        ],
      );
      await this.history.record(m, {
        subject: 'session',
        ids: [id],
        action: 'sessionCreated',
        changes: [
          { field: 'maxAttendees', to: dto.maxAttendees },
          { field: 'reservedSpots', to: reservedSpots },
          { field: 'maxQueueSpots', to: maxQueueSpots },
        ],
      });
      return this.view(m, id);
    });
  }

  /** Dates, times and flags. Capacity sent back unchanged is accepted; a change is refused, naming the field. */
  async update(eventId: number, sessionId: number, dto: UpdateSessionDto): Promise<Session> {
    return this.ds.transaction(async (m) => {
      const [current]: SessionFields[] = await m.query(
        `SELECT s.max_attendees AS "maxAttendees", s.reserved_spots AS "reservedSpots", s.max_queue_spots AS "maxQueueSpots",
                to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
                to_char(s.start_time, 'HH24:MI:SS') AS "startTime", to_char(s.end_time, 'HH24:MI:SS') AS "endTime",
                s.is_all_day AS "isAllDay", s.is_registration_open AS "isRegistrationOpen",
                s.is_promotion_locked AS "isPromotionLocked"
           FROM event_sessions s JOIN events e ON e.id = s.event_id
          WHERE s.id = $1 AND s.event_id = $2
            FOR NO KEY UPDATE OF s FOR SHARE OF e`,
        [sessionId, eventId],
      );
      if (!current) throw AppError.notFound(M.notFound);
      const { schedule, errors } = readSchedule(dto);
      if (dto.eventId !== undefined && dto.eventId !== eventId) errors.eventId = [M.eventIdMismatch];
      for (const [field, message] of CAPACITY_FIELDS) {
        if (dto[field] !== undefined && dto[field] !== current[field]) errors[field] = [message];
      }
      if (Object.keys(errors).length) throw AppError.validation(errors);
      await m.query(
        `UPDATE event_sessions s
            SET start_date = $2::date, end_date = $3::date, start_time = $4::time, end_time = $5::time, is_all_day = $6,
                starts_at = ${zoned('$2', '$4', 'e.time_zone')}, ends_at = ${zoned('$3', '$5', 'e.time_zone')},
                is_registration_open = coalesce($7, s.is_registration_open),
                is_promotion_locked = coalesce($8, s.is_promotion_locked)
           FROM events e
          WHERE s.id = $1 AND e.id = s.event_id`,
        [
          sessionId,
          schedule.startDate,
          schedule.endDate,
          schedule.startTime,
          schedule.endTime,
          schedule.isAllDay,
          dto.isRegistrationOpen ?? null,
          dto.isPromotionLocked ?? null,
        ],
      );
      const after: Partial<SessionFields> = {
        ...schedule,
        isRegistrationOpen: dto.isRegistrationOpen,
        isPromotionLocked: dto.isPromotionLocked,
      };
      const changes = changedFields(current, after, SCHEDULE_FIELDS);
      if (changes.length)
        await this.history.record(m, { subject: 'session', ids: [sessionId], action: 'sessionUpdated', changes });
      return this.view(m, sessionId);
    });
  }

  async toggleRegistration(eventId: number, sessionId: number, isOpen: boolean): Promise<Session> {
    return this.ds.transaction(async (m) => {
      const [[row]]: [{ was: boolean }[], number] = await m.query(
        `UPDATE event_sessions s SET is_registration_open = $3
           FROM (SELECT id, is_registration_open AS was FROM event_sessions WHERE id = $1 AND event_id = $2 FOR NO KEY UPDATE) o
          WHERE s.id = o.id
        RETURNING o.was`,
        [sessionId, eventId, isOpen],
      );
      if (!row) throw AppError.notFound(M.notFound);
      if (row.was !== isOpen) {
        await this.history.record(m, {
          subject: 'session',
          ids: [sessionId],
          action: 'sessionUpdated',
          changes: [{ field: 'isRegistrationOpen', from: row.was, to: isOpen }],
        });
      }
      return this.view(m, sessionId);
    });
  }

  async remove(eventId: number, sessionId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const [session] = await m.query(`SELECT id FROM event_sessions WHERE id = $1 AND event_id = $2 FOR UPDATE`, [
        sessionId,
        eventId,
      ]);
      if (!session) throw AppError.notFound(M.notFound);
      await this.deleteUnbooked(m, [sessionId], M.hasRegistrations);
    });
  }

  /** Deletes sessions the caller has locked (FOR UPDATE, so no booking can slip in), unless someone is
   * registered or waiting in one of them: then 409 with `conflictMessage`. Their holds go with them
   * (cascade); so do their cancelled registrations, which would otherwise keep the session alive. Each deletion
   * is recorded in its event's history (written before the rows go, so the entries know their event), with the
   * session's date and start time, so an administrator can tell which one it was. */
  async deleteUnbooked(m: EntityManager, sessionIds: number[], conflictMessage: string): Promise<void> {
    if (!sessionIds.length) return;
    if (!(await this.engine.clearForDeletion(m, sessionIds))) throw AppError.conflict(conflictMessage);
    const deleted: { id: number; startDate: string; startTime: string }[] = await m.query(
      `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(start_time, 'HH24:MI:SS') AS "startTime"
         FROM event_sessions WHERE id = ANY($1::int[]) ORDER BY id`,
      [sessionIds],
    );
    await this.history.record(m, {
      subject: 'session',
      ids: deleted.map((session) => session.id),
      action: 'sessionDeleted',
      changes: deleted.map((session) => [
        { field: 'startDate', from: session.startDate, to: null },
        { field: 'startTime', from: session.startTime, to: null },
      ]),
    });
    await m.query(`DELETE FROM event_sessions WHERE id = ANY($1::int[])`, [sessionIds]);
  }

  /** Sets the waiting-list limit of every session not yet ended, never below the people already waiting
   * there, recording each changed session's limit before and after in its history (one transaction: all or
   * none); answers how many sessions changed. */
  async bulkUpdateWaitingLimits(newQueueLimit: number): Promise<BulkUpdateWaitingLimitsResponse> {
    const { globalMaxQueueSpots } = await this.settings.waitingListSettings();
    if (newQueueLimit > globalMaxQueueSpots)
      throw AppError.field('newQueueLimit', M.newWaitingLimitAboveGlobal(globalMaxQueueSpots));
    return this.ds.transaction(async (m) => {
      const changed = await this.engine.setWaitingLimitOfComingSessions(m, newQueueLimit);
      await this.history.record(m, {
        subject: 'session',
        ids: changed.map((session) => session.id),
        action: 'sessionUpdated',
        changes: changed.map(({ from, to }) => [{ field: 'maxQueueSpots', from, to }]),
      });
      return { updatedSessions: changed.length };
    });
  }

  private async view(db: DataSource | EntityManager, sessionId: number): Promise<Session> {
    const [session] = await querySessions(db, 's.id = $1', [sessionId]);
    return session;
  }
}
