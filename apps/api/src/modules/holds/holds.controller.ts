import { Body, Controller, Post, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiServiceUnavailable } from '../../common/http/service-unavailable';
import { ApiSessionTokenHeader, SessionTokenHeader } from '../../common/http/session-token';
import { Public } from '../auth/auth.decorators';
import {
  HoldErrorDto,
  HoldRefusalDto,
  HoldReleaseResponseDto,
  TicketHoldDto,
  TicketHoldResponseDto,
} from './dto/hold.dto';
import { HoldsService } from './holds.service';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CountBookingDecisions } from '../../observability/booking-decisions.interceptor';

@ApiTags('Reservas (público)')
@Controller('ticketholds')
export class HoldsController {
  constructor(private readonly holds: HoldsService) {}

  @Post()
  @Public()
  @Endpoint({
    summary:
      'Retener plazas durante TicketHoldDurationMinutes (sustituye la retención anterior del token en esa sesión)',
    ok: TicketHoldResponseDto,
    status: 200,
    errors: {
      400: { type: HoldErrorDto, description: 'Cuerpo no válido (errors por campo)' },
      404: { type: HoldRefusalDto, description: 'SESSION_NOT_FOUND' },
      409: { type: HoldRefusalDto, description: 'NO_SPOTS, REGISTRATION_CLOSED, SESSION_STARTED, EVENT_NOT_LIVE' },
    },
  })
  @ApiServiceUnavailable(HoldErrorDto)
  @UseInterceptors(new CountBookingDecisions('hold'))
  hold(@Body() dto: TicketHoldDto) {
    return this.holds.hold(dto.eventSessionId, dto.sessionToken, dto.numberOfSpots ?? 1);
  }

  @Post('expire')
  @Public()
  @Endpoint({
    summary: 'Liberar ya las retenciones del token',
    ok: HoldReleaseResponseDto,
    status: 200,
    errors: { 400: 'Falta X-Session-Token o no es válido' },
  })
  @ApiSessionTokenHeader({ required: true })
  expire(@SessionTokenHeader({ required: true }) token: string) {
    return this.holds.expireToken(token);
  }
}
