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
import { IdParam } from '../../common/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { NotificationResultDto, SendNotificationDto } from './dto/notification.dto';
import { NotificationsService } from './notifications.service';

const DESCRIPTION =
  'Un mensaje por inscripción activa, registrado y puesto en cola en una transacción: successCount cuenta los aceptados para su envío; ' +
  'el resultado de cada uno se ve en el registro de SMS o de emails. SMS: el sistema añade título, fecha y hora del evento.';

@ApiTags('Notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Post('events/:eventId')
  @HttpCode(200)
  @Auth({ permission: 'Events.Update' })
  @ApiOperation({
    summary: 'Notificar a todas las personas inscritas (activas) en las sesiones de un evento',
    description: DESCRIPTION,
  })
  @ApiOkResponse({ type: NotificationResultDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'Tipo no válido, SMS vacío o de más de 80 caracteres, email sin plantilla ni mensaje',
  })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Evento no encontrado' })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'SMS_DISABLED: el envío de SMS está deshabilitado' })
  toEvent(@IdParam('eventId') eventId: number, @Body() dto: SendNotificationDto, @CurrentPrincipal() actor: Principal) {
    return this.notifications.toEvent(eventId, dto, actor);
  }

  @Post('sessions/:sessionId')
  @HttpCode(200)
  @Auth({ permission: 'Events.Update' })
  @ApiOperation({
    summary: 'Notificar a todas las personas inscritas (activas) en una sesión',
    description: DESCRIPTION,
  })
  @ApiOkResponse({ type: NotificationResultDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'Tipo no válido, SMS vacío o de más de 80 caracteres, email sin plantilla ni mensaje',
  })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Sesión no encontrada' })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'SMS_DISABLED: el envío de SMS está deshabilitado' })
  toSession(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: SendNotificationDto,
    @CurrentPrincipal() actor: Principal,
  ) {
    return this.notifications.toSession(sessionId, dto, actor);
  }
}
