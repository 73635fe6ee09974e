import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import { BulkUpdateWaitingLimitsDto } from './dto/bulk-update-waiting-limits.dto';
import { BulkUpdateWaitingLimitsResponseDto } from './dto/views.dto';
import { SessionsService } from './sessions.service';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { inBulkOperation } from '../history/actor-context';

/** A settings-screen action that writes sessions, so it lives with them (the settings module knows no sessions).
 * Controller and method names make the OpenAPI operationId, so they keep the wire word (docs/architecture.md). */
@ApiTags('Settings')
@Controller('settings')
export class QueueLimitsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post('bulk-update-queue-limits')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary:
      'Fijar el máximo de lista de espera de todas las sesiones no terminadas (nunca por debajo de quienes ya esperan)',
    ok: BulkUpdateWaitingLimitsResponseDto,
    status: 200,
    errors: { 400: '' },
  })
  bulkUpdate(@Body() dto: BulkUpdateWaitingLimitsDto) {
    // One bulk operation in the history: the sessions it changed, as one group.
    return inBulkOperation(() => this.sessions.bulkUpdateWaitingLimits(dto.newQueueLimit));
  }
}
