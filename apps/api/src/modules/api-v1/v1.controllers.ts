import { Body, Controller, Param, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { IdParam } from '../../common/http/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { DeletionsService } from './deletions.service';
import {
  DeletionListQueryDto,
  ListQueryDto,
  RegistrationListQueryDto,
  WaitingListQueryDto,
} from './dto/list-query.dto';
import {
  DeletionPageDto,
  EventPageDto,
  EventV1Dto,
  RegistrationPageDto,
  RegistrationV1Dto,
  SessionPageDto,
  SessionV1Dto,
  WaitingListEntryPageDto,
  WaitingListEntryV1Dto,
} from './dto/resources.dto';
import { SessionUpsertDto } from './dto/session-upsert.dto';
import { checkExternalId, SessionUpsertService } from './session-upsert.service';
import { V1Get, V1List } from './v1-route';
import { V1ReadsService } from './v1-reads.service';

/** The integrators' API (docs/integrations.md): thin routes over V1ReadsService, SessionUpsertService and
 * DeletionsService, documented in /api/v1/openapi.json. */

@ApiTags('Events')
@Controller('v1/events')
export class EventsV1Controller {
  constructor(
    private readonly reads: V1ReadsService,
    private readonly upserts: SessionUpsertService,
  ) {}

  @V1List('', { operationId: 'listEvents', summary: 'Eventos', permission: 'Events.Read', type: EventPageDto })
  listEvents(@Query() query: ListQueryDto) {
    return this.reads.listEvents(query);
  }

  @V1Get(':eventId', {
    operationId: 'getEvent',
    summary: 'Un evento',
    permission: 'Events.Read',
    type: EventV1Dto,
    notFound: 'Evento no encontrado',
  })
  getEvent(@IdParam('eventId') eventId: number) {
    return this.reads.getEvent(eventId);
  }

  @V1List(':eventId/sessions', {
    operationId: 'listSessions',
    summary: 'Sesiones de un evento',
    permission: 'Events.Read',
    type: SessionPageDto,
    notFound: 'Evento no encontrado',
  })
  listSessions(@IdParam('eventId') eventId: number, @Query() query: ListQueryDto) {
    return this.reads.listSessions(eventId, query);
  }

  @Put(':eventId/sessions/by-external-id/:externalId')
  @Auth({ permission: ['Events.Create', 'Events.Update'] })
  @ApiOperation({
    operationId: 'upsertSession',
    summary: 'Crear o actualizar la sesión con este identificador externo',
    description:
      'Crea la sesión (201) o la actualiza (200). Mismas reglas que el back office; al actualizar, la capacidad cambia con sus propias reglas (no por debajo de las personas inscritas o en espera) y un campo opcional omitido conserva su valor.',
  })
  @ApiParam({ name: 'externalId', schema: { type: 'string', minLength: 1, maxLength: 100 } })
  @ApiCreatedResponse({ type: SessionV1Dto, description: 'Creada' })
  @ApiOkResponse({ type: SessionV1Dto, description: 'Actualizada' })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Errores por campo' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Evento no encontrado' })
  async upsertSession(
    @IdParam('eventId') eventId: number,
    @Param('externalId') externalId: string,
    @Body() dto: SessionUpsertDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created, session } = await this.upserts.upsert(eventId, checkExternalId(externalId), dto);
    reply.status(created ? 201 : 200);
    return session;
  }
}

@ApiTags('Sessions')
@Controller('v1/sessions')
export class SessionsV1Controller {
  constructor(private readonly reads: V1ReadsService) {}

  @V1Get(':sessionId', {
    operationId: 'getSession',
    summary: 'Una sesión',
    permission: 'Events.Read',
    type: SessionV1Dto,
    notFound: 'Sesión no encontrada',
  })
  getSession(@IdParam('sessionId') sessionId: number) {
    return this.reads.getSession(sessionId);
  }
}

@ApiTags('Registrations')
@Controller('v1/registrations')
export class RegistrationsV1Controller {
  constructor(private readonly reads: V1ReadsService) {}

  @V1List('', {
    operationId: 'listRegistrations',
    summary: 'Inscripciones (activas, en espera y canceladas), filtrables por evento, sesión y estado',
    permission: 'Registrations.Read',
    type: RegistrationPageDto,
  })
  listRegistrations(@Query() query: RegistrationListQueryDto) {
    return this.reads.listRegistrations(query);
  }

  @V1Get(':registrationId', {
    operationId: 'getRegistration',
    summary: 'Una inscripción',
    permission: 'Registrations.Read',
    type: RegistrationV1Dto,
    notFound: 'Inscripción no encontrada',
  })
  getRegistration(@IdParam('registrationId') registrationId: number) {
    return this.reads.getRegistration(registrationId);
  }
}

@ApiTags('Waiting list')
@Controller('v1/waiting-list-entries')
export class WaitingListEntriesV1Controller {
  constructor(private readonly reads: V1ReadsService) {}

  @V1List('', {
    operationId: 'listWaitingListEntries',
    summary: 'Personas en lista de espera, filtrables por evento y sesión',
    permission: 'Queues.Read',
    type: WaitingListEntryPageDto,
  })
  listWaitingListEntries(@Query() query: WaitingListQueryDto) {
    return this.reads.listWaitingEntries(query);
  }

  @V1Get(':waitingListEntryId', {
    operationId: 'getWaitingListEntry',
    summary: 'Una persona en lista de espera',
    permission: 'Queues.Read',
    type: WaitingListEntryV1Dto,
    notFound: 'Entrada de lista de espera no encontrada',
  })
  getWaitingListEntry(@IdParam('waitingListEntryId') id: number) {
    return this.reads.getWaitingEntry(id);
  }
}

@ApiTags('Deletions')
@Controller('v1/deletions')
export class DeletionsV1Controller {
  constructor(private readonly deletions: DeletionsService) {}

  @V1List('', {
    operationId: 'listDeletions',
    summary:
      'Eliminaciones (y salidas de la lista de espera) para una sincronización completa; solo las de los recursos que el token puede leer',
    permission: undefined,
    type: DeletionPageDto,
  })
  @ApiGoneResponse({ type: ApiErrorResponseDto, description: 'updatedSince anterior a la retención (90 días)' })
  listDeletions(@Query() query: DeletionListQueryDto, @CurrentPrincipal() principal: Principal) {
    return this.deletions.list(query, principal.permissions);
  }
}
