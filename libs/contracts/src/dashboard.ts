export interface DashboardStats {
  totalUsers: number;
  activeEvents: number;
  registrationsToday: number;
  totalDepartments: number;
  /** The dashboard's attendance card (issue 21): sessions ended in the last RECENT_ATTENDANCE_DAYS days with
   * someone registered; `rate` = present / registered (0..1), null when there is no such session. */
  recentAttendance: RecentAttendance;
}

export const RECENT_ATTENDANCE_DAYS = 30;

export interface RecentAttendance {
  sessions: number;
  registered: number;
  present: number;
  rate: number | null;
}
