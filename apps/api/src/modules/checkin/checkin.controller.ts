import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
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
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { CheckInActor, CheckInService } from './checkin.service';
import { DoorLinksService } from './door-links.service';
import {
  AttendancePageDto,
  AttendanceQueryDto,
  BlacklistNoShowsAnswerDto,
  BlacklistNoShowsRequestDto,
  CheckInAnswerDto,
  CheckInRequestDto,
  CheckInSessionChoiceDto,
  CreateDoorLinkRequestDto,
  CreatedDoorLinkDto,
  DoorLinkDto,
  NoShowDto,
  OfflineListDto,
  SyncAnswerDto,
  SyncRequestDto,
  UndoCheckInAnswerDto,
} from './dto/checkin.dto';
import { NoShowsService } from './no-shows.service';

export const REDEEM_DESCRIPTION =
  'Decide una lectura: 200 con outcome para toda entrada, válida o no (solo valid es verde); 400 solo para una ' +
  'petición mal formada. Idempotente por nonce: reenviar la misma lectura devuelve la primera respuesta ' +
  '(replayed: true) y no cuenta dos veces. Dos puertas a la vez con la misma entrada: una valid, la otra ' +
  'alreadyCheckedIn. Cada valid envía el webhook registration.checked_in.';
export const SYNC_DESCRIPTION =
  'Las lecturas hechas sin conexión, en el orden en que se hicieron (máx. 150 por petición). Cada una se decide como si ' +
  'llegara ahora; una entrada ya registrada por otra puerta figura en conflicts (se conserva la primera recibida).';

function actorOf(principal: Principal): CheckInActor {
  return principal.kind === 'apiToken'
    ? { kind: 'apiToken', userId: principal.userId, apiTokenId: principal.apiTokenId }
    : { kind: 'user', userId: principal.userId };
}

/** Check-in at the door for staff and API tokens ('Control de acceso'); door links use DoorController. */
@ApiTags('Control de acceso')
@Controller()
export class CheckInController {
  constructor(
    private readonly checkIns: CheckInService,
    private readonly doorLinks: DoorLinksService,
    private readonly noShows: NoShowsService,
  ) {}

  @Post('sessions/:sessionId/check-ins')
  @HttpCode(200)
  @Auth({ permission: 'Checkin.Update' })
  @ApiOperation({ summary: 'Registrar la entrada de un código o una inscripción', description: REDEEM_DESCRIPTION })
  @ApiOkResponse({ type: CheckInAnswerDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'code y registrationId a la vez o ninguno, nonce mal formado',
  })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Sesión no encontrada' })
  redeem(@IdParam('sessionId') sessionId: number, @Body() dto: CheckInRequestDto, @CurrentPrincipal() p: Principal) {
    return this.checkIns.redeem(sessionId, actorOf(p), dto);
  }

  @Get('check-ins/sessions')
  @Auth({ permission: 'Checkin.Read' })
  @ApiOperation({
    summary: 'Sesiones que puede abrir una puerta',
    description:
      'Las que no han terminado o terminaron hoy (en la zona horaria del evento), de eventos no cancelados, por inicio, ' +
      'con presentes / inscritos; como mucho CHECKIN_SESSIONS_MAX (200)',
  })
  @ApiOkResponse({ type: [CheckInSessionChoiceDto] })
  doorSessions() {
    return this.checkIns.doorSessions();
  }

  @Post('sessions/:sessionId/check-ins/sync')
  @HttpCode(200)
  @Auth({ permission: 'Checkin.Update' })
  @ApiOperation({ summary: 'Enviar las lecturas hechas sin conexión', description: SYNC_DESCRIPTION })
  @ApiOkResponse({ type: SyncAnswerDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  sync(@IdParam('sessionId') sessionId: number, @Body() dto: SyncRequestDto, @CurrentPrincipal() p: Principal) {
    return this.checkIns.sync(sessionId, actorOf(p), dto.scans);
  }

  @Get('sessions/:sessionId/check-ins/offline-list')
  @Auth({ permission: 'Checkin.Update' })
  @ApiOperation({
    summary: 'Lista de la sesión para decidir sin conexión',
    description: 'Por inscripción: hash del código, nombre y apellidos, estado y entrada; sin email, DNI ni teléfono',
  })
  @ApiOkResponse({ type: OfflineListDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  offlineList(@IdParam('sessionId') sessionId: number) {
    return this.checkIns.offlineList(sessionId);
  }

  @Post('check-ins/:checkInId/undo')
  @HttpCode(200)
  @Auth({ permission: 'Checkin.Update' })
  @ApiOperation({ summary: 'Deshacer una entrada: la persona vuelve a figurar como esperada' })
  @ApiOkResponse({ type: UndoCheckInAnswerDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  undo(@IdParam('checkInId') checkInId: number) {
    return this.checkIns.undo(checkInId, null);
  }

  @Get('sessions/:sessionId/attendance')
  @Auth({ permission: 'Checkin.Read' })
  @ApiOperation({
    summary: 'Asistencia de la sesión: presentes / inscritos y lista paginada',
    description: 'El email solo con el permiso Registrations.Read (el rol Control de acceso ve solo nombres)',
  })
  @ApiOkResponse({ type: AttendancePageDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  attendance(
    @IdParam('sessionId') sessionId: number,
    @Query() query: AttendanceQueryDto,
    @CurrentPrincipal() p: Principal,
  ) {
    return this.checkIns.attendance(sessionId, query, p.permissions.has('Registrations.Read'));
  }

  @Post('sessions/:sessionId/door-links')
  @Auth({ permission: 'Checkin.Update', staffSessionOnly: true })
  @ApiOperation({
    summary: 'Crear un enlace de acceso para voluntarios sin cuenta',
    description:
      'Abre solo el control de acceso de esta sesión hasta que termine o se revoque. El token se muestra solo ahora',
  })
  @ApiCreatedResponse({ type: CreatedDoorLinkDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'La sesión ya ha terminado' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  createDoorLink(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: CreateDoorLinkRequestDto,
    @CurrentPrincipal() p: Principal,
  ) {
    return this.doorLinks.create(sessionId, dto.label, p.userId);
  }

  @Get('sessions/:sessionId/door-links')
  @Auth({ permission: 'Checkin.Read' })
  @ApiOperation({ summary: 'Enlaces de acceso de la sesión (sin el token)' })
  @ApiOkResponse({ type: [DoorLinkDto] })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  listDoorLinks(@IdParam('sessionId') sessionId: number) {
    return this.doorLinks.list(sessionId);
  }

  @Delete('door-links/:id')
  @HttpCode(204)
  @Auth({ permission: 'Checkin.Update' })
  @ApiOperation({ summary: 'Revocar un enlace de acceso' })
  @ApiNoContentResponse({ description: 'Revocado' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  async revokeDoorLink(@IdParam('id') id: number) {
    await this.doorLinks.revoke(id);
  }

  @Get('sessions/:sessionId/no-shows')
  @Auth({ permission: 'Registrations.Read' })
  @ApiOperation({ summary: 'No presentados: inscripciones activas sin entrada, una vez terminada la sesión' })
  @ApiOkResponse({ type: [NoShowDto] })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'SESSION_NOT_ENDED' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  listNoShows(@IdParam('sessionId') sessionId: number) {
    return this.noShows.list(sessionId);
  }

  @Post('sessions/:sessionId/no-shows/blacklist')
  @HttpCode(200)
  @Auth({ permission: ['Registrations.Read', 'Blacklists.Create'] })
  @ApiOperation({
    summary: 'Añadir no presentados a la lista negra',
    description:
      'Razón 0 (No Show); por defecto caducan en 30 días y se avisa por email. Se omiten quienes ya están en la lista negra',
  })
  @ApiOkResponse({ type: BlacklistNoShowsAnswerDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'SESSION_NOT_ENDED' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  blacklistNoShows(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: BlacklistNoShowsRequestDto,
    @CurrentPrincipal() p: Principal,
  ) {
    return this.noShows.blacklistNoShows(sessionId, dto, p);
  }
}
