import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, RECENT_ATTENDANCE_DAYS, REGISTRATION_STATE, type DashboardStats } from '@evreg/contracts';
import { DataSource } from 'typeorm';

/** "Today" of the dashboard: the day in Madrid, whatever the server's zone. */
const DASHBOARD_TIME_ZONE = 'Europe/Madrid';

@Injectable()
export class DashboardService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** activeEvents: Live events with a session not yet ended. registrationsToday: active registrations made
   * since midnight in Madrid. recentAttendance: over the sessions ended in the last 30 days, active registrations
   * and those of them with a live check-in. */
  async stats(): Promise<DashboardStats> {
    const [row]: (Omit<DashboardStats, 'recentAttendance'> & {
      sessions: number;
      registered: number;
      present: number;
    })[] = await this.ds.query(
      `SELECT (SELECT count(*)::int FROM users) AS "totalUsers",
              (SELECT count(*)::int FROM events e
                WHERE e.status = $1 AND EXISTS (SELECT 1 FROM event_sessions s WHERE s.event_id = e.id AND s.ends_at > now())) AS "activeEvents",
              (SELECT count(*)::int FROM registrations
                WHERE state = $3
                  AND registered_at >= date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2
                  AND registered_at < (date_trunc('day', now() AT TIME ZONE $2) + interval '1 day') AT TIME ZONE $2) AS "registrationsToday",
              (SELECT count(*)::int FROM departments) AS "totalDepartments",
              a.sessions, a.registered, a.present
         FROM (SELECT count(DISTINCT r.session_id)::int AS sessions, count(*)::int AS registered, count(c.id)::int AS present
                 FROM event_sessions s JOIN registrations r ON r.session_id = s.id AND r.state = $3
                 LEFT JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL
                WHERE s.ends_at <= now() AND s.ends_at > now() - make_interval(days => $4)) a`,
      [EVENT_STATUS.Live, DASHBOARD_TIME_ZONE, REGISTRATION_STATE.Active, RECENT_ATTENDANCE_DAYS],
    );
    const { sessions, registered, present, ...counts } = row;
    return {
      ...counts,
      recentAttendance: { sessions, registered, present, rate: registered ? present / registered : null },
    };
  }
}
