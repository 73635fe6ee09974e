import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/http/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { NotificationResultDto, SendNotificationDto } from './dto/notification.dto';
import { NotificationsService } from './notifications.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

const DESCRIPTION =
  'Un mensaje por inscripción activa, registrado y puesto en cola en una transacción: successCount cuenta los aceptados para su envío; ' +
  'el resultado de cada uno se ve en el registro de SMS o de emails. SMS: el sistema añade título, fecha y hora del evento.';

@ApiTags('Notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Post('events/:eventId')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Notificar a todas las personas inscritas (activas) en las sesiones de un evento',
    description: DESCRIPTION,
    ok: NotificationResultDto,
    status: 200,
    errors: {
      400: 'Tipo no válido, SMS vacío o de más de 80 caracteres, email sin plantilla ni mensaje',
      404: 'Evento no encontrado',
      409: 'SMS_DISABLED: el envío de SMS está deshabilitado',
    },
  })
  toEvent(@IdParam('eventId') eventId: number, @Body() dto: SendNotificationDto, @CurrentPrincipal() actor: Principal) {
    return this.notifications.toEvent(eventId, dto, actor);
  }

  @Post('sessions/:sessionId')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Notificar a todas las personas inscritas (activas) en una sesión',
    description: DESCRIPTION,
    ok: NotificationResultDto,
    status: 200,
    errors: {
      400: 'Tipo no válido, SMS vacío o de más de 80 caracteres, email sin plantilla ni mensaje',
      404: 'Sesión no encontrada',
      409: 'SMS_DISABLED: el envío de SMS está deshabilitado',
    },
  })
  toSession(
    @IdParam('sessionId') sessionId: number,
    @Body() dto: SendNotificationDto,
    @CurrentPrincipal() actor: Principal,
  ) {
    return this.notifications.toSession(sessionId, dto, actor);
  }
}
