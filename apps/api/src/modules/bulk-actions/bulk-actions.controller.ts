import { Body, Controller, Headers, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { NotificationResultDto } from '../notifications/dto/notification.dto';
import { BulkActionsService } from './bulk-actions.service';
import { BulkIdempotency, IDEMPOTENCY_KEY_HEADER } from './bulk-idempotency';
import { BulkMoveService } from './bulk-move.service';
import {
  BulkBlacklistDto,
  BulkMoveDto,
  BulkNotificationDto,
  BulkNotifyAudienceDto,
  BulkResultDto,
  BulkSelectionDto,
} from './dto/bulk.dto';

const PER_ITEM =
  'Cada persona pasa por la acción individual, en su propia transacción y en el orden dado: lo que no se puede ' +
  'aplicar a una se informa (skipped con el motivo) y las demás siguen. Como máximo 500 inscripciones; las repetidas ' +
  'cuentan una vez. Con Idempotency-Key, la misma petición repetida devuelve el primer informe sin aplicarse otra vez.';
const ERRORS = {
  400: 'Selección vacía, de más de 500, ids no válidos o que no existen (registrationIds), u otro campo no válido',
  409: 'IDEMPOTENCY_KEY_IN_USE: la misma acción ya se está procesando',
} as const;

/** The 422 of an Idempotency-Key reused for another request (the header itself is documented by its parameter). */
function Idempotent(): MethodDecorator {
  return ApiResponse({
    status: 422,
    type: ApiErrorResponseDto,
    description: 'IDEMPOTENCY_KEY_REUSED: la clave (Idempotency-Key) ya se usó para otra petición',
  });
}

@ApiTags('Registrations')
@Controller('bulk/registrations')
export class BulkActionsController {
  constructor(
    private readonly bulk: BulkActionsService,
    private readonly moves: BulkMoveService,
    private readonly idempotency: BulkIdempotency,
  ) {}

  @Post('cancel')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Cancelar una selección de inscripciones (libera plazas, avisa por email y promueve)',
    description: PER_ITEM,
    ok: BulkResultDto,
    status: 200,
    errors: ERRORS,
  })
  @Idempotent()
  cancel(
    @Body() dto: BulkSelectionDto,
    @CurrentPrincipal() actor: Principal,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.idempotency.once(key, actor.userId, ['cancel', dto], () =>
      this.bulk.cancel(dto).then((result) => this.bulk.named(result, actor)),
    );
  }

  @Post('resend-email')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Reenviar el email de confirmación a una selección de inscripciones (solo activas)',
    description: PER_ITEM,
    ok: BulkResultDto,
    status: 200,
    errors: ERRORS,
  })
  @Idempotent()
  resend(
    @Body() dto: BulkSelectionDto,
    @CurrentPrincipal() actor: Principal,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.idempotency.once(key, actor.userId, ['resend', dto], () =>
      this.bulk.resend(dto).then((result) => this.bulk.named(result, actor)),
    );
  }

  @Post('move')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Mover una selección a otra sesión del mismo evento',
    description:
      'Plazas, plazas reservadas y lista de espera de la sesión de destino como en una inscripción; quien no cabe se ' +
      'informa. Una persona y su acompañante se mueven juntas o ninguna. La plaza que queda libre promueve de la lista ' +
      'de espera de la sesión de origen. ' +
      PER_ITEM,
    ok: BulkResultDto,
    status: 200,
    errors: {
      ...ERRORS,
      400: `${ERRORS[400]}; sesión de destino inexistente, de otro evento o ya comenzada (targetSessionId)`,
    },
  })
  @Idempotent()
  move(@Body() dto: BulkMoveDto, @CurrentPrincipal() actor: Principal, @Headers(IDEMPOTENCY_KEY_HEADER) key?: string) {
    return this.idempotency.once(key, actor.userId, ['move', dto], () =>
      this.moves.move(dto).then((result) => this.bulk.named(result, actor)),
    );
  }

  @Post('blacklist')
  @Auth({ permission: 'Blacklists.Create' })
  @Endpoint({
    summary: 'Añadir una selección a la lista negra (una entrada por persona, en la sesión de su inscripción)',
    description: PER_ITEM,
    ok: BulkResultDto,
    status: 200,
    errors: ERRORS,
  })
  @Idempotent()
  blacklist(
    @Body() dto: BulkBlacklistDto,
    @CurrentPrincipal() actor: Principal,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.idempotency.once(key, actor.userId, ['blacklist', dto], () =>
      this.bulk.addToBlacklist(dto, actor).then((result) => this.bulk.named(result, actor)),
    );
  }

  @Post('notify/audience')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'A quién llegaría una notificación a la selección, antes de enviarla (no envía nada)',
    description:
      'Las inscripciones activas de la selección, por sesión, con los datos que el sistema añade a cada SMS y cuántas ' +
      'tienen teléfono: la confirmación «¿Enviar a N personas?» y el coste estimado de SMS.',
    ok: BulkNotifyAudienceDto,
    status: 200,
    errors: { 400: ERRORS[400] },
  })
  notifyAudience(@Body() dto: BulkSelectionDto) {
    return this.bulk.notifyAudience(dto);
  }

  @Post('notify')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Enviar una notificación (email o SMS) a una selección de inscripciones (solo activas)',
    description:
      'Las mismas reglas, textos y coste estimado de SMS que la notificación a una sesión; las seleccionadas que no ' +
      'están activas se nombran en errors.',
    ok: NotificationResultDto,
    status: 200,
    errors: { ...ERRORS, 409: 'SMS_DISABLED, o IDEMPOTENCY_KEY_IN_USE' },
  })
  @Idempotent()
  notify(
    @Body() dto: BulkNotificationDto,
    @CurrentPrincipal() actor: Principal,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.idempotency.once(key, actor.userId, ['notify', dto], () => this.bulk.notify(dto, actor));
  }
}
