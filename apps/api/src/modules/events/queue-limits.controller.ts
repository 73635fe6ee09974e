import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { Auth } from '../auth/auth.decorators';
import { BulkUpdateQueueLimitsDto } from './dto/bulk-update-queue-limits.dto';
import { BulkUpdateQueueLimitsResponseDto } from './dto/views.dto';
import { SessionsService } from './sessions.service';

/** A settings-screen action that writes sessions, so it lives with them (the settings module knows no sessions). */
@ApiTags('Settings')
@Controller('settings')
export class QueueLimitsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post('bulk-update-queue-limits')
  @HttpCode(200)
  @Auth({ permission: 'Settings.Update' })
  @ApiOperation({
    summary:
      'Fijar el máximo de lista de espera de todas las sesiones no terminadas (nunca por debajo de quienes ya esperan)',
  })
  @ApiOkResponse({ type: BulkUpdateQueueLimitsResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  bulkUpdate(@Body() dto: BulkUpdateQueueLimitsDto) {
    return this.sessions.bulkUpdateQueueLimits(dto.newQueueLimit);
  }
}
