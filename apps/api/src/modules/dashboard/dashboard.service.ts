import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, REGISTRATION_STATE, type DashboardStats } from '@evreg/contracts';
import { DataSource } from 'typeorm';

/** "Today" of the dashboard: the day in Madrid, whatever the server's zone. */
const DASHBOARD_TIME_ZONE = 'Europe/Madrid';

@Injectable()
export class DashboardService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** activeEvents: Live events with a session not yet ended. registrationsToday: active registrations made
   * since midnight in Madrid. */
  async stats(): Promise<DashboardStats> {
    const [row]: DashboardStats[] = await this.ds.query(
      `SELECT (SELECT count(*)::int FROM users) AS "totalUsers",
              (SELECT count(*)::int FROM events e
                WHERE e.status = $1 AND EXISTS (SELECT 1 FROM event_sessions s WHERE s.event_id = e.id AND s.ends_at > now())) AS "activeEvents",
              (SELECT count(*)::int FROM registrations
                WHERE state = $3
                  AND registered_at >= date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2
                  AND registered_at < (date_trunc('day', now() AT TIME ZONE $2) + interval '1 day') AT TIME ZONE $2) AS "registrationsToday",
              (SELECT count(*)::int FROM departments) AS "totalDepartments"`,
      [EVENT_STATUS.Live, DASHBOARD_TIME_ZONE, REGISTRATION_STATE.Active],
    );
    return row;
  }
}
