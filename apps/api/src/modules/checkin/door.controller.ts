import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiParam, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { VisitorLanguage } from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { IdParam } from '../../common/http/id-param';
import { VisitorLanguageHeader } from '../../common/http/visitor-language';
import { Public } from '../auth/auth.decorators';
import { DOOR_ACCEPT_LANGUAGE, REDEEM_DESCRIPTION, SYNC_DESCRIPTION } from './checkin.controller';
import { CheckInService } from './checkin.service';
import { DoorLinksService, DoorScope } from './door-links.service';
import {
  AttendancePageDto,
  AttendanceQueryDto,
  CheckInAnswerDto,
  CheckInRequestDto,
  DoorSessionDto,
  OfflineListDto,
  SyncAnswerDto,
  SyncRequestDto,
  UndoCheckInAnswerDto,
} from './dto/checkin.dto';
import { Endpoint } from '../../common/http/endpoint.decorator';

const actorOf = (scope: DoorScope) => ({ kind: 'doorLink' as const, doorLinkId: scope.doorLinkId, label: scope.label });

/** A door link's routes: the token in the path is the credential (no account), and it opens only its session. */
@ApiTags('Control de acceso')
@ApiParam({ name: 'token', description: 'El token del enlace de acceso (evd_…)' })
@ApiUnauthorizedResponse({
  type: ApiErrorResponseDto,
  description: 'DOOR_LINK_INVALID: desconocido, revocado o caducado',
})
@Controller('door/:token')
export class DoorController {
  constructor(
    private readonly checkIns: CheckInService,
    private readonly doorLinks: DoorLinksService,
  ) {}

  @Get()
  @Public()
  @Endpoint({ summary: 'La sesión que abre el enlace de acceso, con el recuento', ok: DoorSessionDto })
  session(@Param('token') token: string) {
    return this.doorLinks.doorSession(token);
  }

  @Post('check-ins')
  @Public()
  @Endpoint({
    summary: 'Registrar una entrada con el enlace de acceso',
    description: REDEEM_DESCRIPTION,
    ok: CheckInAnswerDto,
    status: 200,
    errors: { 400: '' },
  })
  @ApiHeader(DOOR_ACCEPT_LANGUAGE)
  async redeem(
    @Param('token') token: string,
    @Body() dto: CheckInRequestDto,
    @VisitorLanguageHeader() language: VisitorLanguage,
  ) {
    const scope = await this.doorLinks.resolve(token);
    return this.checkIns.redeem(scope.sessionId, actorOf(scope), dto, language);
  }

  @Post('check-ins/sync')
  @Public()
  @Endpoint({
    summary: 'Enviar las lecturas hechas sin conexión',
    description: SYNC_DESCRIPTION,
    ok: SyncAnswerDto,
    status: 200,
    errors: { 400: '' },
  })
  @ApiHeader(DOOR_ACCEPT_LANGUAGE)
  async sync(
    @Param('token') token: string,
    @Body() dto: SyncRequestDto,
    @VisitorLanguageHeader() language: VisitorLanguage,
  ) {
    const scope = await this.doorLinks.resolve(token);
    return this.checkIns.sync(scope.sessionId, actorOf(scope), dto.scans, language);
  }

  @Post('check-ins/:checkInId/undo')
  @Public()
  @Endpoint({
    summary: 'Deshacer una entrada de esta sesión',
    ok: UndoCheckInAnswerDto,
    status: 200,
    errors: { 404: '' },
  })
  async undo(@Param('token') token: string, @IdParam('checkInId') checkInId: number) {
    const scope = await this.doorLinks.resolve(token);
    return this.checkIns.undo(checkInId, scope.sessionId, actorOf(scope));
  }

  @Get('offline-list')
  @Public()
  @Endpoint({
    summary: 'Lista de la sesión para decidir sin conexión (sin email, DNI ni teléfono)',
    ok: OfflineListDto,
  })
  async offlineList(@Param('token') token: string) {
    const scope = await this.doorLinks.resolve(token);
    return this.checkIns.offlineList(scope.sessionId);
  }

  @Get('attendance')
  @Public()
  @Endpoint({ summary: 'Asistencia de la sesión (solo nombres)', ok: AttendancePageDto, errors: { 400: '' } })
  async attendance(@Param('token') token: string, @Query() query: AttendanceQueryDto) {
    const scope = await this.doorLinks.resolve(token);
    return this.checkIns.attendance(scope.sessionId, query, false);
  }
}
