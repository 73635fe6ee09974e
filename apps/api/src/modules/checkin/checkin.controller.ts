import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { VisitorLanguage } from '@evreg/contracts';
import { IdParam } from '../../common/http/id-param';
import { VisitorLanguageHeader } from '../../common/http/visitor-language';
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
import { Endpoint } from '../../common/http/endpoint.decorator';

export const REDEEM_DESCRIPTION =
  'Decide una lectura: 200 con outcome para toda entrada, válida o no (solo valid es verde); 400 solo para una ' +
  'petición mal formada. Idempotente por nonce: reenviar la misma lectura devuelve la primera respuesta ' +
  '(replayed: true) y no cuenta dos veces. Dos puertas a la vez con la misma entrada: una valid, la otra ' +
  'alreadyCheckedIn. Cada valid envía el webhook registration.checked_in. language y visitorMessage: el veredicto ' +
  'para el visitante en el idioma en que reservó (el de Accept-Language si el código no es de ninguna inscripción).';
export const SYNC_DESCRIPTION =
  'Las lecturas hechas sin conexión, en el orden en que se hicieron (máx. 150 por petición). Cada una se decide como si ' +
  'llegara ahora; una entrada ya registrada por otra puerta figura en conflicts (se conserva la primera recibida).';

/** Only for answers that name no registration (unknown code): the rest take the registration's booked language. */
export const DOOR_ACCEPT_LANGUAGE = {
  name: 'Accept-Language',
  required: false,
  description:
    'Idioma del visitorMessage cuando el código no es de ninguna inscripción (es, ca, eu, gl, en; es por defecto), ' +
    'p. ej. el de un torno; si la respuesta nombra una inscripción, visitorMessage va en el idioma en que reservó',
};

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
  @Auth({ permission: 'Checkin.Update' })
  @Endpoint({
    summary: 'Registrar la entrada de un código o una inscripción',
    description: REDEEM_DESCRIPTION,
    ok: CheckInAnswerDto,
    status: 200,
    errors: { 400: 'code y registrationId a la vez o ninguno, nonce mal formado', 404: 'Sesión no encontrada' },
  })
  @ApiHeader(DOOR_ACCEPT_LANGUAGE)
  redeem(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: CheckInRequestDto,
    @CurrentPrincipal() p: Principal,
    @VisitorLanguageHeader() language: VisitorLanguage,
  ) {
    return this.checkIns.redeem(sessionId, actorOf(p), dto, language);
  }

  @Get('check-ins/sessions')
  @Auth({ permission: 'Checkin.Read' })
  @Endpoint({
    summary: 'Sesiones que puede abrir una puerta',
    description:
      'Las que no han terminado o terminaron hoy (en la zona horaria del evento), de eventos no cancelados, por inicio, ' +
      'con presentes / inscritos; como mucho CHECKIN_SESSIONS_MAX (200)',
    ok: [CheckInSessionChoiceDto],
  })
  doorSessions() {
    return this.checkIns.doorSessions();
  }

  @Post('sessions/:sessionId/check-ins/sync')
  @Auth({ permission: 'Checkin.Update' })
  @Endpoint({
    summary: 'Enviar las lecturas hechas sin conexión',
    description: SYNC_DESCRIPTION,
    ok: SyncAnswerDto,
    status: 200,
    errors: { 400: '', 404: '' },
  })
  @ApiHeader(DOOR_ACCEPT_LANGUAGE)
  sync(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: SyncRequestDto,
    @CurrentPrincipal() p: Principal,
    @VisitorLanguageHeader() language: VisitorLanguage,
  ) {
    return this.checkIns.sync(sessionId, actorOf(p), dto.scans, language);
  }

  @Get('sessions/:sessionId/check-ins/offline-list')
  @Auth({ permission: 'Checkin.Update' })
  @Endpoint({
    summary: 'Lista de la sesión para decidir sin conexión',
    description: 'Por inscripción: hash del código, nombre y apellidos, estado y entrada; sin email, DNI ni teléfono',
    ok: OfflineListDto,
    errors: { 404: '' },
  })
  offlineList(@IdParam('sessionId') sessionId: number) {
    return this.checkIns.offlineList(sessionId);
  }

  @Post('check-ins/:checkInId/undo')
  @Auth({ permission: 'Checkin.Update' })
  @Endpoint({
    summary: 'Deshacer una entrada: la persona vuelve a figurar como esperada',
    ok: UndoCheckInAnswerDto,
    status: 200,
    errors: { 404: '' },
  })
  undo(@IdParam('checkInId') checkInId: number) {
    return this.checkIns.undo(checkInId, null);
  }

  @Get('sessions/:sessionId/attendance')
  @Auth({ permission: 'Checkin.Read' })
  @Endpoint({
    summary: 'Asistencia de la sesión: presentes / inscritos y lista paginada',
    description: 'El email solo con el permiso Registrations.Read (el rol Control de acceso ve solo nombres)',
    ok: AttendancePageDto,
    errors: { 400: '', 404: '' },
  })
  attendance(
    @IdParam('sessionId') sessionId: number,
    @Query() query: AttendanceQueryDto,
    @CurrentPrincipal() p: Principal,
  ) {
    return this.checkIns.attendance(sessionId, query, p.permissions.has('Registrations.Read'));
  }

  @Post('sessions/:sessionId/door-links')
  @Auth({ permission: 'Checkin.Update', staffSessionOnly: true })
  @Endpoint({
    summary: 'Crear un enlace de acceso para voluntarios sin cuenta',
    description:
      'Abre solo el control de acceso de esta sesión hasta que termine o se revoque. El token se muestra solo ahora',
    ok: CreatedDoorLinkDto,
    status: 201,
    errors: { 400: '', 409: 'La sesión ya ha terminado', 404: '' },
  })
  createDoorLink(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: CreateDoorLinkRequestDto,
    @CurrentPrincipal() p: Principal,
  ) {
    return this.doorLinks.create(sessionId, dto.label, p.userId);
  }

  @Get('sessions/:sessionId/door-links')
  @Auth({ permission: 'Checkin.Read' })
  @Endpoint({ summary: 'Enlaces de acceso de la sesión (sin el token)', ok: [DoorLinkDto], errors: { 404: '' } })
  listDoorLinks(@IdParam('sessionId') sessionId: number) {
    return this.doorLinks.list(sessionId);
  }

  @Delete('door-links/:id')
  @Auth({ permission: 'Checkin.Update' })
  @Endpoint({ summary: 'Revocar un enlace de acceso', status: 204, okDescription: 'Revocado', errors: { 404: '' } })
  async revokeDoorLink(@IdParam('id') id: number) {
    await this.doorLinks.revoke(id);
  }

  @Get('sessions/:sessionId/no-shows')
  @Auth({ permission: 'Registrations.Read' })
  @Endpoint({
    summary: 'No presentados: inscripciones activas sin entrada, una vez terminada la sesión',
    ok: [NoShowDto],
    errors: { 409: 'SESSION_NOT_ENDED', 404: '' },
  })
  listNoShows(@IdParam('sessionId') sessionId: number) {
    return this.noShows.list(sessionId);
  }

  @Post('sessions/:sessionId/no-shows/blacklist')
  @Auth({ permission: ['Registrations.Read', 'Blacklists.Create'] })
  @Endpoint({
    summary: 'Añadir no presentados a la lista negra',
    description:
      'Razón 0 (No Show); por defecto caducan en 30 días y se avisa por email. Se omiten quienes ya están en la lista negra',
    ok: BlacklistNoShowsAnswerDto,
    status: 200,
    errors: { 400: '', 409: 'SESSION_NOT_ENDED', 404: '' },
  })
  blacklistNoShows(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: BlacklistNoShowsRequestDto,
    @CurrentPrincipal() p: Principal,
  ) {
    return this.noShows.blacklistNoShows(sessionId, dto, p);
  }
}
