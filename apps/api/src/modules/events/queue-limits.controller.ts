import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import { BulkUpdateQueueLimitsDto } from './dto/bulk-update-queue-limits.dto';
import { BulkUpdateQueueLimitsResponseDto } from './dto/views.dto';
import { SessionsService } from './sessions.service';
import { Endpoint } from '../../common/endpoint.decorator';

/** A settings-screen action that writes sessions, so it lives with them (the settings module knows no sessions). */
@ApiTags('Settings')
@Controller('settings')
export class QueueLimitsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post('bulk-update-queue-limits')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary:
      'Fijar el máximo de lista de espera de todas las sesiones no terminadas (nunca por debajo de quienes ya esperan)',
    ok: BulkUpdateQueueLimitsResponseDto,
    status: 200,
    errors: { 400: '' },
  })
  bulkUpdate(@Body() dto: BulkUpdateQueueLimitsDto) {
    return this.sessions.bulkUpdateQueueLimits(dto.newQueueLimit);
  }
}
