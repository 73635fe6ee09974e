import { Body, Controller, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { IdParam } from '../../common/http/id-param';
import { Auth } from '../auth/auth.decorators';
import { SessionDto } from '../events/dto/views.dto';
import {
  MaxAttendeesDto,
  MaxWaitingSpotsDto,
  RedistributeReservedSpotsDto,
  ReservedSpotsDto,
  TogglePromotionLockDto,
} from './dto/capacity.dto';
import { SessionCapacityService } from './session-capacity.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

const NOT_FOUND = 'La sesión no existe o no es de ese evento';

@ApiTags('Session capacity')
@Controller('events/:eventId/sessions/:sessionId')
export class SessionCapacityController {
  constructor(private readonly capacity: SessionCapacityService) {}

  @Put('max-attendees')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Cambiar el aforo total',
    description:
      'No menor que los registrados, y la parte en línea (aforo - reservadas) debe seguir cubriendo las inscripciones en línea y las retenciones vigentes. ' +
      'Si crece la capacidad en línea se promueve desde la lista de espera (salvo promoción bloqueada).',
    ok: SessionDto,
    errors: { 404: NOT_FOUND },
  })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description:
      "'La capacidad debe ser al menos 1', 'No puede ser menor que los registrados ({n})', 'No puede ser menor que las plazas ocupadas o retenidas en línea más las reservadas ({n})'",
  })
  setMaxAttendees(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: MaxAttendeesDto,
  ) {
    return this.capacity.setMaxAttendees(eventId, sessionId, dto.maxAttendees);
  }

  @Put('reserved-spots')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary:
      'Cambiar las plazas reservadas (no menos que las usadas, no más que el aforo, sin quitar sitio a las inscripciones y retenciones en línea); después promueve',
    ok: SessionDto,
    errors: { 404: NOT_FOUND },
  })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: "'Muy pocos asientos disponibles' y otros, en errors.reservedSpots",
  })
  setReservedSpots(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: ReservedSpotsDto,
  ) {
    return this.capacity.setReservedSpots(eventId, sessionId, dto.reservedSpots);
  }

  @Put('max-queue-spots')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary:
      'Cambiar el máximo de la lista de espera (no más que el aforo ni que el límite global, no menos que las personas en espera)',
    ok: SessionDto,
    errors: { 400: 'En errors.maxQueueSpots', 404: NOT_FOUND },
  })
  setMaxQueueSpots(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: MaxWaitingSpotsDto,
  ) {
    return this.capacity.setMaxQueueSpots(eventId, sessionId, dto.maxQueueSpots);
  }

  @Post('redistribute-reserved-spots')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Pasar plazas reservadas sin usar a la capacidad en línea y promover desde la lista de espera',
    ok: SessionDto,
    status: 200,
    errors: { 404: NOT_FOUND },
  })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: "'Debe ser un número entero entre 1 y las plazas reservadas sin usar ({n})'",
  })
  redistribute(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: RedistributeReservedSpotsDto,
  ) {
    return this.capacity.redistributeReservedSpots(eventId, sessionId, dto.spotsToRedistribute);
  }

  @Put('toggle-promotion-lock')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Bloquear (true) o activar (false) la promoción automática; al activarla promueve en el acto',
    ok: SessionDto,
    errors: { 400: '', 404: NOT_FOUND },
  })
  togglePromotionLock(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: TogglePromotionLockDto,
  ) {
    return this.capacity.setPromotionLock(eventId, sessionId, dto.isLocked);
  }
}
