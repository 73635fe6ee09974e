import type { Session } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../../database/prepared';
import { freeOnlineSpotsSql } from '../booking-engine/booking-rules';

/** An instant as ISO 8601 in UTC ('2026-05-09T08:00:00Z'), formatted by PostgreSQL. */
const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface SessionQueryOptions {
  /** The visitor's X-Session-Token: their own holds don't reduce the spots they see as available. */
  excludeToken?: string | null;
  /** Name for a prepared statement, for a call with a fixed `where` on a hot path (the booking page). */
  statementName?: string;
}

/** Sessions with their live counts (docs/domain.md 'Capacity of a session'), in one query however many sessions.
 * `where` is a SQL condition on alias s (event_sessions) with positional parameters $1..$n from `params`.
 * Registrations and the waiting list come from the counters kept in the booking transactions; holds are
 * counted from ticket_holds, so a hold stops counting the moment it expires, even before a job deletes it.
 * startsAt/endsAt are the local date and time in the event's zone as instants (kept in starts_at/ends_at by every
 * write); hasStarted is read at answer time. Ordered by start. */
export async function querySessions(
  db: DataSource | EntityManager,
  where: string,
  params: unknown[] = [],
  options: SessionQueryOptions = {},
): Promise<Session[]> {
  const token = `$${params.length + 1}`;
  const text = `SELECT s.id, s.event_id AS "eventId",
            to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
            to_char(s.start_time, 'HH24:MI:SS') AS "startTime", to_char(s.end_time, 'HH24:MI:SS') AS "endTime",
            s.is_all_day AS "isAllDay",
            ${isoInstant('s.starts_at')} AS "startsAt", ${isoInstant('s.ends_at')} AS "endsAt",
            s.starts_at <= now() AS "hasStarted",
            s.max_attendees AS "maxAttendees", s.reserved_spots AS "reservedSpots",
            s.reserved_registered AS "usedReservedSpots", s.max_queue_spots AS "maxQueueSpots",
            s.online_registered + s.reserved_registered AS "registeredCount",
            ${freeOnlineSpotsSql('s', 'h.held_by_others')} AS "availableSpots",
            h.held AS "activeHoldsCount",
            s.queue_count AS "currentQueueCount",
            s.is_promotion_locked AS "isPromotionLocked", s.is_registration_open AS "isRegistrationOpen"
       FROM event_sessions s
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(th.spots), 0)::int AS held,
                coalesce(sum(th.spots) FILTER (WHERE th.token IS DISTINCT FROM ${token}::text), 0)::int AS held_by_others
           FROM ticket_holds th
          WHERE th.session_id = s.id AND th.expires_at > now()
       ) h
      WHERE ${where}
      ORDER BY s.starts_at, s.id`;
  const values = [...params, options.excludeToken ?? null];
  return options.statementName
    ? preparedQuery<Session>(db, options.statementName, text, values)
    : db.query(text, values);
}
