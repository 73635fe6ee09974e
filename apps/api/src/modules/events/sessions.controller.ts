import { Body, Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { IdParam } from '../../common/id-param';
import { Auth } from '../auth/auth.decorators';
import { CreateSessionDto, ToggleRegistrationDto, UpdateSessionDto } from './dto/session.dto';
import { SessionDto } from './dto/views.dto';
import { SessionsService } from './sessions.service';

/** The back office's session writes. The list is GET /events/{eventId}/sessions (public-events.controller.ts). */
@ApiTags('Sessions')
@Controller('events/:eventId/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post()
  @Auth({ permission: 'Events.Create' })
  @ApiOperation({ summary: 'Crear sesión; fechas y horas locales de la zona horaria del evento' })
  @ApiCreatedResponse({ type: SessionDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Errores por campo' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Evento no encontrado' })
  create(@IdParam('eventId') eventId: number, @Body() dto: CreateSessionDto) {
    return this.sessions.create(eventId, dto);
  }

  @Put(':sessionId')
  @Auth({ permission: 'Events.Update' })
  @ApiOperation({ summary: 'Editar fechas, horas e indicadores; la capacidad se cambia con sus propias llamadas' })
  @ApiOkResponse({ type: SessionDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'Errores por campo, también si cambia la capacidad',
  })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Sesión no encontrada' })
  update(@IdParam('eventId') eventId: number, @IdParam('sessionId') sessionId: number, @Body() dto: UpdateSessionDto) {
    return this.sessions.update(eventId, sessionId, dto);
  }

  @Put(':sessionId/toggle-registration')
  @Auth({ permission: 'Events.Update' })
  @ApiOperation({ summary: 'Abrir o cerrar las inscripciones de la sesión' })
  @ApiOkResponse({ type: SessionDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Sesión no encontrada' })
  toggleRegistration(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: ToggleRegistrationDto,
  ) {
    return this.sessions.toggleRegistration(eventId, sessionId, dto.isOpen);
  }

  @Delete(':sessionId')
  @HttpCode(204)
  @Auth({ permission: 'Events.Delete' })
  @ApiOperation({ summary: 'Eliminar sesión (con sus retenciones)' })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Identificador no válido' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Sesión no encontrada' })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Tiene inscripciones o lista de espera' })
  async remove(@IdParam('eventId') eventId: number, @IdParam('sessionId') sessionId: number) {
    await this.sessions.remove(eventId, sessionId);
  }
}
