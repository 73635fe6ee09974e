import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { DashboardStats } from '@evreg/contracts';
import { Auth } from '../auth/auth.decorators';
import { DashboardService } from './dashboard.service';

export class DashboardStatsDto implements DashboardStats {
  @ApiProperty() totalUsers: number;
  @ApiProperty({ description: 'Eventos publicados (Live) con alguna sesión no terminada' }) activeEvents: number;
  @ApiProperty({ description: 'Inscripciones activas hechas hoy (día de Madrid)' }) registrationsToday: number;
  @ApiProperty() totalDepartments: number;
}

@ApiTags('Dashboard')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('stats')
  @Auth()
  @ApiOperation({ summary: 'Cifras del panel' })
  @ApiOkResponse({ type: DashboardStatsDto })
  stats() {
    return this.dashboard.stats();
  }
}
