import { Body, Controller, Delete, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/http/id-param';
import { Auth } from '../auth/auth.decorators';
import { CreateSessionDto, ToggleRegistrationDto, UpdateSessionDto } from './dto/session.dto';
import { SessionDto } from './dto/views.dto';
import { SessionsService } from './sessions.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

/** The back office's session writes. The list is GET /events/{eventId}/sessions (public-events.controller.ts). */
@ApiTags('Sessions')
@Controller('events/:eventId/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post()
  @Auth({ permission: 'Events.Create' })
  @Endpoint({
    summary: 'Crear sesión; fechas y horas locales de la zona horaria del evento',
    ok: SessionDto,
    status: 201,
    errors: { 400: 'Errores por campo', 404: 'Evento no encontrado' },
  })
  create(@IdParam('eventId') eventId: number, @Body() dto: CreateSessionDto) {
    return this.sessions.create(eventId, dto);
  }

  @Put(':sessionId')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Editar fechas, horas e indicadores; la capacidad se cambia con sus propias llamadas',
    ok: SessionDto,
    errors: { 400: 'Errores por campo, también si cambia la capacidad', 404: 'Sesión no encontrada' },
  })
  update(@IdParam('eventId') eventId: number, @IdParam('sessionId') sessionId: number, @Body() dto: UpdateSessionDto) {
    return this.sessions.update(eventId, sessionId, dto);
  }

  @Put(':sessionId/toggle-registration')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Abrir o cerrar las inscripciones de la sesión',
    ok: SessionDto,
    errors: { 400: '', 404: 'Sesión no encontrada' },
  })
  toggleRegistration(
    @IdParam('eventId') eventId: number,
    @IdParam('sessionId') sessionId: number,
    @Body() dto: ToggleRegistrationDto,
  ) {
    return this.sessions.toggleRegistration(eventId, sessionId, dto.isOpen);
  }

  @Delete(':sessionId')
  @Auth({ permission: 'Events.Delete' })
  @Endpoint({
    summary: 'Eliminar sesión (con sus retenciones)',
    status: 204,
    okDescription: '',
    errors: {
      400: 'Identificador no válido',
      404: 'Sesión no encontrada',
      409: 'Tiene inscripciones o lista de espera',
    },
  })
  async remove(@IdParam('eventId') eventId: number, @IdParam('sessionId') sessionId: number) {
    await this.sessions.remove(eventId, sessionId);
  }
}
