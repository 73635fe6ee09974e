import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  AdminEvent,
  BulkUpdateWaitingLimitsResponse,
  EVENT_STATUS,
  EventCategory,
  EventStatusCode,
  EventTranslation,
  EventTranslations,
  PublicEvent,
  Session,
} from '@evreg/contracts';

/** What the events module answers (OpenAPI descriptions of the contract types). */
export class PublicEventDto implements PublicEvent {
  @ApiProperty({ example: 1042 }) id: number;
  @ApiProperty({ example: 'Concierto de primavera' }) title: string;
  @ApiProperty({
    example: '<p>Entrada libre hasta completar aforo.</p>',
    description: 'HTML saneado (o el extracto con showExcerpt=true)',
  })
  description: string;
  @ApiProperty({ type: String, nullable: true, example: '/img/primavera.jpg' }) imageUrl: string | null;
  @ApiProperty({ example: 'Plaza Mayor 1' }) address: string;
  @ApiProperty({ example: 'Madrid' }) city: string;
  @ApiProperty({ example: 'Spain' }) country: string;
  @ApiProperty({ example: 'Auditorio municipal' }) place: string;
  @ApiProperty({ enum: ['Draft', 'Live', 'Cancelled'] }) status: 'Draft' | 'Live' | 'Cancelled';
  @ApiProperty({ example: 'Publicado', description: 'Borrador, Publicado o Cancelado' }) statusText: string;
  @ApiProperty({ example: 0, description: 'Euros; 0 es gratis' }) price: number;
  @ApiProperty({ example: 'Europe/Madrid' }) timeZone: string;
  @ApiProperty({ example: '28013' }) postalCode: string;
  @ApiProperty({ example: 'Ayuntamiento de Madrid', description: 'Responsable de los datos de las inscripciones' })
  organizerName: string;
  @ApiProperty({ type: String, nullable: true, example: 'cultura@madrid.example' }) organizerEmail: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+34 915 555 555' }) organizerPhone: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'https://cultura.madrid.example' })
  organizerWebsite: string | null;
}

export class SessionDto implements Session {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 1042 }) eventId: number;
  @ApiProperty({ example: '2026-05-09', description: 'Fecha local del evento' }) startDate: string;
  @ApiProperty({ example: '2026-05-09' }) endDate: string;
  @ApiProperty({ example: '10:00:00', description: 'HH:MM:SS en la zona horaria del evento' }) startTime: string;
  @ApiProperty({ example: '11:30:00' }) endTime: string;
  @ApiProperty({ description: 'Todo el día: 00:00:00 a 23:59:00' }) isAllDay: boolean;
  @ApiProperty({
    example: '2026-05-09T08:00:00Z',
    description: 'Inicio como instante (ISO 8601, UTC): startDate y startTime en la zona horaria del evento',
  })
  startsAt: string;
  @ApiProperty({ example: '2026-05-09T09:30:00Z', description: 'Fin como instante (ISO 8601, UTC)' }) endsAt: string;
  @ApiProperty({ description: 'Ya ha empezado (o terminado) al responder: no admite retenciones ni inscripciones' })
  hasStarted: boolean;
  @ApiProperty({ example: 20, description: 'Aforo total' }) maxAttendees: number;
  @ApiProperty({ example: 5, description: 'Plazas reservadas para inscripciones manuales' }) reservedSpots: number;
  @ApiProperty({ description: 'Inscripciones activas que ocupan plaza reservada' }) usedReservedSpots: number;
  @ApiProperty({ example: 10 }) maxQueueSpots: number;
  @ApiProperty({ description: 'Inscripciones activas' }) registeredCount: number;
  @ApiProperty({
    description:
      'Plazas online libres: maxAttendees - reservedSpots - inscripciones online - plazas retenidas por otros (nunca < 0)',
  })
  availableSpots: number;
  @ApiProperty({ description: 'Plazas en retenciones no caducadas' }) activeHoldsCount: number;
  @ApiProperty({ description: 'Personas en lista de espera' }) currentQueueCount: number;
  @ApiProperty({ description: 'Bloqueada: sin promoción automática desde la lista de espera' })
  isPromotionLocked: boolean;
  @ApiProperty() isRegistrationOpen: boolean;
  @ApiPropertyOptional({ type: PublicEventDto, description: 'Solo con showEventDetails=true' }) event?: PublicEventDto;
}

export class EventTranslationDto implements EventTranslation {
  @ApiPropertyOptional({ maxLength: 300, example: 'Concert de primavera' }) title?: string;
  @ApiPropertyOptional({ description: 'HTML saneado como la descripción en español' }) description?: string;
}

export const TRANSLATIONS_DESCRIPTION =
  'Título y descripción en otros idiomas (ca, eu, gl, en), cada uno con title y/o description: la página de reservas los muestra a quien la ve en ese idioma (Accept-Language), y lo que falte en español';

/** An event's translations by language (only these four keys). */
export class EventTranslationsDto implements EventTranslations {
  @ApiPropertyOptional({ type: EventTranslationDto, description: 'Català' }) ca?: EventTranslationDto;
  @ApiPropertyOptional({ type: EventTranslationDto, description: 'Euskara' }) eu?: EventTranslationDto;
  @ApiPropertyOptional({ type: EventTranslationDto, description: 'Galego' }) gl?: EventTranslationDto;
  @ApiPropertyOptional({ type: EventTranslationDto, description: 'English' }) en?: EventTranslationDto;
}

export class AdminEventDto implements AdminEvent {
  @ApiProperty({ example: 1042, description: 'Id del sistema de contenidos externo' }) id: number;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'HTML saneado' }) description: string;
  @ApiProperty({ type: Number, nullable: true }) eventCategoryId: number | null;
  @ApiProperty({ example: 'Spain' }) country: string;
  @ApiProperty() city: string;
  @ApiProperty() address: string;
  @ApiProperty() place: string;
  @ApiProperty() postalCode: string;
  @ApiProperty({ enum: Object.values(EVENT_STATUS), description: '0 Borrador, 1 Publicado, 5 Cancelado' })
  status: EventStatusCode;
  @ApiProperty({ enum: ['Draft', 'Live', 'Cancelled'] }) statusText: 'Draft' | 'Live' | 'Cancelled';
  @ApiProperty() isPublic: boolean;
  @ApiProperty({ example: 12.5 }) price: number;
  @ApiProperty() organizerName: string;
  @ApiProperty({ type: String, nullable: true }) organizerEmail: string | null;
  @ApiProperty({ type: String, nullable: true }) organizerPhone: string | null;
  @ApiProperty({ type: String, nullable: true }) organizerWebsite: string | null;
  @ApiProperty({ type: Number, nullable: true }) organizerId: number | null;
  @ApiProperty({ example: 'Europe/Madrid' }) timeZone: string;
  @ApiProperty({ type: String, nullable: true }) imageUrl: string | null;
  @ApiProperty({ type: EventTranslationsDto, description: `${TRANSLATIONS_DESCRIPTION}. {} si no tiene` })
  translations: EventTranslationsDto;
  @ApiProperty({ type: [SessionDto], description: 'Sesiones con sus cifras en vivo, por fecha de inicio' })
  sessions: SessionDto[];
  @ApiProperty({ description: 'Suma de maxAttendees de sus sesiones' }) totalCapacity: number;
  @ApiProperty({ description: 'Suma de maxQueueSpots de sus sesiones' }) totalMaxQueueSpots: number;
}

export class EventCategoryDto implements EventCategory {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Cultura' }) name: string;
}

/** Named in the OpenAPI document as before the code's rename (docs/architecture.md, "Words"). */
@ApiSchema({ name: 'BulkUpdateQueueLimitsResponseDto' })
export class BulkUpdateWaitingLimitsResponseDto implements BulkUpdateWaitingLimitsResponse {
  @ApiProperty({ description: 'Sesiones cuyo máximo de lista de espera ha cambiado' }) updatedSessions: number;
}
