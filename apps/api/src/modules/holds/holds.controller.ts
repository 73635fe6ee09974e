import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { ApiServiceUnavailable } from '../../common/service-unavailable';
import { ApiSessionTokenHeader, SessionTokenHeader } from '../../common/session-token';
import { Public } from '../auth/auth.decorators';
import {
  HoldErrorDto,
  HoldRefusalDto,
  HoldReleaseResponseDto,
  TicketHoldDto,
  TicketHoldResponseDto,
} from './dto/hold.dto';
import { HoldsService } from './holds.service';

@ApiTags('Reservas (público)')
@Controller('ticketholds')
export class HoldsController {
  constructor(private readonly holds: HoldsService) {}

  @Post()
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      'Retener plazas durante TicketHoldDurationMinutes (sustituye la retención anterior del token en esa sesión)',
  })
  @ApiOkResponse({ type: TicketHoldResponseDto })
  @ApiBadRequestResponse({ type: HoldErrorDto, description: 'Cuerpo no válido (errors por campo)' })
  @ApiNotFoundResponse({ type: HoldRefusalDto, description: 'SESSION_NOT_FOUND' })
  @ApiConflictResponse({
    type: HoldRefusalDto,
    description: 'NO_SPOTS, REGISTRATION_CLOSED, SESSION_STARTED, EVENT_NOT_LIVE',
  })
  @ApiServiceUnavailable(HoldErrorDto)
  hold(@Body() dto: TicketHoldDto) {
    return this.holds.hold(dto.eventSessionId, dto.sessionToken, dto.numberOfSpots ?? 1);
  }

  @Post('expire')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Liberar ya las retenciones del token' })
  @ApiSessionTokenHeader({ required: true })
  @ApiOkResponse({ type: HoldReleaseResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Falta X-Session-Token o no es válido' })
  expire(@SessionTokenHeader({ required: true }) token: string) {
    return this.holds.expireToken(token);
  }
}
