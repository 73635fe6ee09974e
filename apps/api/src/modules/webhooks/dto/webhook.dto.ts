import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CreatedWebhook,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryEventType,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookEventType,
  RedeliverWebhookRequest,
  WebhookRequest,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { ValidationOptions, registerDecorator } from 'class-validator';
import { PageQuery } from '../../../common/http/page-query.dto';

const M = WEBHOOK_MESSAGES;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An absolute http:// or https:// URL with a host (whether the host is an allowed destination, WebhooksService
 * decides: it depends on WEBHOOK_ALLOWED_DESTINATIONS). */
export function isWebhookUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

function IsWebhookUrl(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isWebhookUrl',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: isWebhookUrl },
    });
}

const EVENTS_DESCRIPTION =
  'registration.created (inscripción con plaza), registration.queued (a la lista de espera), registration.promoted ' +
  '(de la lista de espera a una plaza), registration.cancelled (anulada por el enlace o por el personal, o eliminada), ' +
  'session.full (una inscripción ocupó la última plaza online), session.waitinglist.full (una inscripción ocupó el ' +
  'último puesto de la lista de espera), session.spots_available (una sesión completa vuelve a tener plazas online ' +
  'libres), registration.checked_in (entrada registrada en la puerta), registration.moved (el personal la cambió de ' +
  'sesión)';

export class WebhookDto implements Webhook {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'https://integrador.example.com/webhooks/inscripciones' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: EVENTS_DESCRIPTION })
  events: WebhookEventType[];
  @ApiProperty({ description: 'false: no se registra ningún envío nuevo y los pendientes esperan' }) isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class CreatedWebhookDto extends WebhookDto implements CreatedWebhook {
  @ApiProperty({
    example: 'whsec_3q2-7wXb…',
    description:
      'El secreto con el que se firma cada envío (X-Webhook-Signature: sha256=HMAC-SHA256 del cuerpo). Se muestra solo ahora',
  })
  secret: string;
}

export class WebhookRequestDto implements WebhookRequest {
  @ApiProperty({ example: 'https://integrador.example.com/webhooks/inscripciones', maxLength: 2000 })
  @Transform(trim)
  @IsString({ message: M.urlInvalid })
  @MaxLength(2000, { message: M.urlTooLong })
  @IsWebhookUrl({ message: M.urlInvalid })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: EVENTS_DESCRIPTION })
  @IsArray({ message: M.eventsRequired })
  @ArrayNotEmpty({ message: M.eventsRequired })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2, { message: M.eventsUnknown })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: M.eventsUnknown })
  events: WebhookEventType[];

  @ApiPropertyOptional({ description: 'Por defecto true al crear; al editar, omitido se conserva' })
  @IsOptional()
  @IsBoolean({ message: M.isActiveInvalid })
  isActive?: boolean;
}

export class WebhookDeliveryAttemptDto implements WebhookDeliveryAttempt {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 500, description: 'Código HTTP (null: sin respuesta)' })
  statusCode: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'El receptor respondió 500', description: 'Motivo del fallo' })
  error: string | null;
}

export class WebhookDeliveryDto implements WebhookDelivery {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({
    format: 'uuid',
    description: 'Id del evento: la cabecera X-Webhook-Id y el "id" del cuerpo, iguales en cada intento',
  })
  eventId: string;
  @ApiProperty({ enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] }) eventType: WebhookDeliveryEventType;
  @ApiProperty({ enum: ['Pending', 'Delivered', 'Failed'] }) status: WebhookDeliveryStatus;
  @ApiProperty({ example: 1, description: 'Intentos hechos' }) attempts: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 500,
    description: 'Código HTTP del último intento (null: sin respuesta o sin intentar)',
  })
  lastStatusCode: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'El receptor respondió 500',
    description:
      'Motivo del último fallo, nuestro y en español (nunca el cuerpo ni las cabeceras de la respuesta): ' +
      "'El receptor respondió 500', 'Destino no permitido: dirección privada (10.0.0.1)', " +
      "'Tiempo de espera agotado: sin respuesta en 10000 ms', 'No se pudo resolver el nombre', " +
      "'No se pudo conectar: conexión rechazada'",
  })
  lastError: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Próximo intento de un envío pendiente',
  })
  nextAttemptAt: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Último reenvío pedido (vuelve a empezar los reintentos); null si nunca',
  })
  redeliveredAt: string | null;
  @ApiProperty({ type: [WebhookDeliveryAttemptDto], description: 'Cada intento, del más antiguo al más reciente' })
  history: WebhookDeliveryAttemptDto[];
}

export class WebhookDeliveryPageDto implements WebhookDeliveryPage {
  @ApiProperty({ type: [WebhookDeliveryDto] }) data: WebhookDeliveryDto[];
  @ApiProperty({ example: 42 }) totalCount: number;
  @ApiProperty({ example: 3 }) totalPages: number;
  @ApiProperty() hasPreviousPage: boolean;
  @ApiProperty() hasNextPage: boolean;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) pageSize: number;
}

export class ListWebhookDeliveriesQueryDto extends PageQuery({ defaultSize: 20, maxSize: 100, messages: M }) {}

export class RedeliverWebhookDto implements RedeliverWebhookRequest {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "Un UUID por cada pulsación de 'Reenviar': la misma clave otra vez (doble clic, petición repetida) responde el envío tal como está y no reenvía nada más",
  })
  @IsOptional()
  @IsUUID('all', { message: M.requestKeyInvalid })
  requestKey?: string;
}
