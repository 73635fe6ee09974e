import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { IdParam } from '../../common/http/id-param';
import { Auth } from '../auth/auth.decorators';
import { HistoryEntryDto, HistoryListQueryDto, HistoryPageDto } from './dto/history.dto';
import { HistoryService } from './history.service';

/** Staff changes to events and sessions are for administrators: those who may change the settings. */
const ADMINISTRATORS = ['Events.Read', 'Settings.Update'] as const;

@ApiTags('History')
@Controller('history')
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  @Auth({ permission: [...ADMINISTRATORS, 'Registrations.Read'] })
  @Endpoint({
    summary: 'Historial completo, filtrado y paginado (administradores)',
    description:
      'Lo registrado (del personal, tokens de API, enlaces de puerta y automático), lo más reciente primero. Las ' +
      'entradas de una acción masiva forman una sola fila (bulk: su id y cuántas); con bulkId, una por persona. ' +
      'Filtros combinables: evento, sesión, acción, tipo de actor, miembro del personal, días (Europe/Madrid).',
    ok: HistoryPageDto,
    errors: { 400: 'Un filtro no válido (lo nombra), o to anterior a from' },
  })
  list(@Query() query: HistoryListQueryDto) {
    return this.history.list(query);
  }

  @Get('registrations/:id')
  @Auth({ permission: 'Registrations.Read' })
  @Endpoint({
    summary: 'Historial de una inscripción (o entrada en lista de espera)',
    description:
      'Cada cambio, del más antiguo al más reciente, con fecha y quién lo hizo: creación, edición (solo los nombres ' +
      'de los campos), reenvío del email, movimientos en la lista de espera, promoción, cancelación, lista negra y entradas.',
    ok: [HistoryEntryDto],
    errors: { 400: 'id no es un número entero', 404: 'La inscripción no existe' },
  })
  registration(@IdParam() id: number) {
    return this.history.forRegistration(id);
  }

  @Get('events/:eventId')
  @Auth({ permission: [...ADMINISTRATORS] })
  @Endpoint({
    summary: 'Historial de un evento y sus sesiones (administradores)',
    description:
      'Cambios del personal en el evento y en sus sesiones (aforo, plazas reservadas, lista de espera, interruptores, ' +
      'eliminación), los más recientes primero (hasta 500). El de un evento eliminado se conserva y se sigue leyendo aquí.',
    ok: [HistoryEntryDto],
    errors: { 400: 'eventId no es un número entero', 404: 'El evento no existe ni tiene historial' },
  })
  event(@IdParam('eventId') eventId: number) {
    return this.history.forEvent(eventId);
  }

  @Get('events/:eventId/sessions/:sessionId')
  @Auth({ permission: [...ADMINISTRATORS] })
  @Endpoint({
    summary: 'Historial de una sesión (administradores)',
    description:
      'Cambios del personal en la sesión, los más recientes primero (hasta 500); también de una sesión eliminada.',
    ok: [HistoryEntryDto],
    errors: { 400: 'eventId o sessionId no es un número entero', 404: 'El evento no existe ni tiene historial' },
  })
  session(@IdParam('eventId') eventId: number, @IdParam('sessionId') sessionId: number) {
    return this.history.forEvent(eventId, sessionId);
  }
}
