import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DashboardStats } from '@evreg/contracts';
import { DataSource } from 'typeorm';

@Injectable()
export class DashboardService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Events and registrations arrive with the booking engine; until their tables exist there are none. */
  async stats(): Promise<DashboardStats> {
    const [row]: { totalUsers: number; totalDepartments: number }[] = await this.ds.query(
      `SELECT (SELECT count(*)::int FROM users) AS "totalUsers", (SELECT count(*)::int FROM departments) AS "totalDepartments"`,
    );
    return { totalUsers: row.totalUsers, activeEvents: 0, registrationsToday: 0, totalDepartments: row.totalDepartments };
  }
}
