import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import type { DashboardStats, RecentAttendance } from '@evreg/contracts';
import { Auth } from '../auth/auth.decorators';
import { DashboardService } from './dashboard.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

export class RecentAttendanceDto implements RecentAttendance {
  @ApiProperty({ description: 'Sesiones terminadas en los últimos 30 días con alguna inscripción' }) sessions: number;
  @ApiProperty({ description: 'Inscripciones activas en ellas' }) registered: number;
  @ApiProperty({ description: 'De ellas, con entrada registrada en la puerta' }) present: number;
  @ApiProperty({ type: Number, nullable: true, description: 'present / registered (0..1); null sin sesiones' })
  rate: number | null;
}

export class DashboardStatsDto implements DashboardStats {
  @ApiProperty() totalUsers: number;
  @ApiProperty({ description: 'Eventos publicados (Live) con alguna sesión no terminada' }) activeEvents: number;
  @ApiProperty({ description: 'Inscripciones activas hechas hoy (día de Madrid)' }) registrationsToday: number;
  @ApiProperty() totalDepartments: number;
  @ApiProperty({ type: RecentAttendanceDto, description: 'Asistencia de las sesiones recientes' })
  recentAttendance: RecentAttendance;
}

@ApiTags('Dashboard')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('stats')
  @Auth()
  @Endpoint({ summary: 'Cifras del panel', ok: DashboardStatsDto })
  stats() {
    return this.dashboard.stats();
  }
}
