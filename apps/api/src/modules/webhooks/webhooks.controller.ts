import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/http/id-param';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import {
  CreatedWebhookDto,
  ListWebhookDeliveriesQueryDto,
  RedeliverWebhookDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookDto,
  WebhookRequestDto,
} from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

const SIGNING =
  'Cada envío es un POST JSON { id, type, createdAt, data } con las cabeceras X-Webhook-Id (id del evento, igual en ' +
  'cada reintento: el receptor elimina duplicados con él) y X-Webhook-Signature: sha256=<HMAC-SHA256 hexadecimal del ' +
  'cuerpo exacto con el secreto>. 2xx = entregado; otra respuesta, una redirección o 10 s sin respuesta: reintento ' +
  '(30 s, doblando hasta 1 h, durante 72 h). Solo se envía a direcciones públicas (salvo WEBHOOK_ALLOWED_DESTINATIONS), ' +
  'comprobadas en cada intento sobre la dirección a la que se conecta; un nombre que resuelve a una dirección no ' +
  'pública se reintenta, una dirección IP no pública en la URL hace fallar el envío.';
const BAD_BODY =
  "'url' no es una dirección http(s) válida, lleva usuario:clave@ o apunta a una dirección IP no pública (bucle local, " +
  'privada, enlace local…; salvo las de WEBHOOK_ALLOWED_DESTINATIONS), ' +
  "'events' vacío o con tipos desconocidos, o campos de más";

@ApiTags('Webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({ summary: 'Webhooks configurados (sin el secreto)', ok: [WebhookDto] })
  list() {
    return this.webhooks.list();
  }

  @Post()
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Crear un webhook: la respuesta trae el secreto de firma, que no se vuelve a mostrar',
    description: SIGNING,
    ok: CreatedWebhookDto,
    status: 201,
    errors: { 400: BAD_BODY },
  })
  create(@Body() dto: WebhookRequestDto) {
    return this.webhooks.create(dto);
  }

  @Get(':id')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Un webhook (sin el secreto)',
    ok: WebhookDto,
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  get(@IdParam() id: number) {
    return this.webhooks.get(id);
  }

  @Put(':id')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Editar un webhook (URL, eventos, activo); el secreto no cambia',
    ok: WebhookDto,
    errors: { 400: BAD_BODY, 404: '' },
  })
  update(@IdParam() id: number, @Body() dto: WebhookRequestDto) {
    return this.webhooks.update(id, dto);
  }

  @Delete(':id')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Eliminar un webhook con sus envíos (los pendientes ya no se envían)',
    ok: MessageResponseDto,
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  remove(@IdParam() id: number) {
    return this.webhooks.remove(id);
  }

  @Get(':id/deliveries')
  @Auth({ permission: 'Settings.Read' })
  @Endpoint({
    summary: 'Envíos de un webhook, los más recientes primero, paginado (20 por página, máximo 100)',
    ok: WebhookDeliveryPageDto,
    errors: { 400: 'id, page o pageSize no válidos', 404: '' },
  })
  deliveries(@IdParam() id: number, @Query() query: ListWebhookDeliveriesQueryDto) {
    return this.webhooks.deliveries(id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary: 'Reenviar un envío: el mismo evento (mismo id y cuerpo), pendiente de nuevo y enviado enseguida',
    description:
      'Vuelve a empezar los reintentos; el historial conserva los intentos anteriores. El de un webhook inactivo ' +
      'espera a que se active. Con requestKey (un UUID por pulsación) la misma clave otra vez no reenvía de nuevo: ' +
      'responde el envío tal como está.',
    ok: WebhookDeliveryDto,
    status: 202,
    errors: {
      400: 'id o deliveryId no es un número entero, o requestKey no es un UUID',
      404: 'El webhook o el envío (de ese webhook) no existe',
      409: 'El envío se está enviando en este momento',
    },
  })
  redeliver(@IdParam() id: number, @IdParam('deliveryId') deliveryId: number, @Body() dto: RedeliverWebhookDto) {
    return this.webhooks.redeliver(id, deliveryId, dto.requestKey);
  }

  @Post(':id/test')
  @Auth({ permission: 'Settings.Update' })
  @Endpoint({
    summary:
      'Probar: registra un envío de tipo webhook.test (también si el webhook está inactivo) y lo envía enseguida',
    description: `El resultado aparece en la lista de envíos. ${SIGNING}`,
    ok: WebhookDeliveryDto,
    status: 202,
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  test(@IdParam() id: number) {
    return this.webhooks.test(id);
  }
}
