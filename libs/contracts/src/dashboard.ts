export interface DashboardStats {
  totalUsers: number;
  activeEvents: number;
  registrationsToday: number;
  totalDepartments: number;
}
