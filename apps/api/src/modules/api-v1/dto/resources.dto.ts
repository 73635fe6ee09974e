import type { Type } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { VISITOR_LANGUAGES, type VisitorLanguage } from '@evreg/contracts';
import {
  DELETED_RESOURCES,
  REGISTRATION_STATES_V1,
  type DeletedResource,
  type RegistrationStateV1,
} from './list-query.dto';

/** The answers of /api/v1, each a named component of its OpenAPI document (docs/integrations.md). Instants are
 * ISO 8601 in UTC unless said otherwise; `updatedAt` moves on every change of the row. */

export const EVENT_STATUSES_V1 = ['draft', 'live', 'cancelled'] as const;
export type EventStatusV1 = (typeof EVENT_STATUSES_V1)[number];

const nullableString = (example?: string, description?: string) =>
  ApiProperty({ type: String, nullable: true, example, description });

@ApiSchema({ name: 'EventTranslation', description: 'El contenido de un evento en un idioma' })
export class EventTranslationV1Dto {
  @ApiProperty({ required: false, example: 'Visita guiada al claustre' }) title?: string;
  @ApiProperty({ required: false, description: 'HTML saneado' }) description?: string;
}

@ApiSchema({
  name: 'EventTranslations',
  description:
    'Título y descripción en otros idiomas (ca, eu, gl, en); lo que falte se muestra en español (title, description)',
})
export class EventTranslationsV1Dto {
  @ApiProperty({ required: false, type: EventTranslationV1Dto }) ca?: EventTranslationV1Dto;
  @ApiProperty({ required: false, type: EventTranslationV1Dto }) eu?: EventTranslationV1Dto;
  @ApiProperty({ required: false, type: EventTranslationV1Dto }) gl?: EventTranslationV1Dto;
  @ApiProperty({ required: false, type: EventTranslationV1Dto }) en?: EventTranslationV1Dto;
}

@ApiSchema({ name: 'Event', description: 'Un evento' })
export class EventV1Dto {
  @ApiProperty({ type: 'integer', example: 7 }) id: number;
  @ApiProperty({ example: 'Visita guiada al claustro' }) title: string;
  @ApiProperty({ description: 'HTML saneado (p, strong, a, listas, títulos)' }) description: string;
  @ApiProperty({ type: EventTranslationsV1Dto, description: '{} si no tiene traducciones' })
  translations: EventTranslationsV1Dto;
  @ApiProperty({ enum: EVENT_STATUSES_V1, enumName: 'EventStatus' }) status: EventStatusV1;
  @ApiProperty({ description: 'false: no aparece en la lista pública' }) isPublic: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) categoryId: number | null;
  @ApiProperty({ example: 'Madrid' }) city: string;
  @ApiProperty({ example: 'Spain' }) country: string;
  @ApiProperty({ example: 'Calle Mayor 1' }) address: string;
  @ApiProperty({ example: 'Museo Municipal' }) place: string;
  @ApiProperty({ example: '28013' }) postalCode: string;
  @ApiProperty({ type: 'number', example: 0 }) price: number;
  @ApiProperty({ example: 'Europe/Madrid', description: 'Zona IANA de las fechas y horas locales de las sesiones' })
  timeZone: string;
  @nullableString('/img/claustro.jpg') imageUrl: string | null;
  @ApiProperty({ example: 'Museo Municipal' }) organizerName: string;
  @nullableString() organizerEmail: string | null;
  @nullableString() organizerPhone: string | null;
  @nullableString() organizerWebsite: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

@ApiSchema({ name: 'Session', description: 'Una sesión de un evento, con sus plazas' })
export class SessionV1Dto {
  @ApiProperty({ type: 'integer', example: 12 }) id: number;
  @ApiProperty({ type: 'integer', example: 7 }) eventId: number;
  @nullableString('cms-4711', 'Identificador del sistema de contenidos (único por evento)') externalId: string | null;
  @ApiProperty({ example: '2026-05-09', description: 'Fecha local (zona del evento)' }) startDate: string;
  @ApiProperty({ example: '2026-05-09' }) endDate: string;
  @ApiProperty({ example: '10:00:00', description: 'Hora local (zona del evento)' }) startTime: string;
  @ApiProperty({ example: '11:30:00' }) endTime: string;
  @ApiProperty() isAllDay: boolean;
  @ApiProperty({
    format: 'date-time',
    example: '2026-05-09T10:00:00+02:00',
    description: 'Inicio, ISO 8601 con la diferencia horaria de la zona del evento',
  })
  startsAt: string;
  @ApiProperty({ format: 'date-time', example: '2026-05-09T11:30:00+02:00' }) endsAt: string;
  @ApiProperty({ example: 'Europe/Madrid' }) timeZone: string;
  @ApiProperty({ type: 'integer', example: 20 }) maxAttendees: number;
  @ApiProperty({ type: 'integer', example: 2, description: 'Plazas para inscripciones del personal' })
  reservedSpots: number;
  @ApiProperty({ type: 'integer', example: 10 }) maxQueueSpots: number;
  @ApiProperty({ type: 'integer', description: 'Inscripciones activas' }) registeredCount: number;
  @ApiProperty({ type: 'integer', description: 'Personas en lista de espera' }) waitingCount: number;
  @ApiProperty({
    type: 'integer',
    description: 'Plazas libres en línea en este momento (descontadas las retenciones vigentes)',
  })
  availableSpots: number;
  @ApiProperty() isRegistrationOpen: boolean;
  @ApiProperty() isPromotionLocked: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

@ApiSchema({ name: 'Registration', description: 'Una inscripción (activa, en lista de espera o cancelada)' })
export class RegistrationV1Dto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) eventId: number;
  @ApiProperty({ type: 'integer' }) sessionId: number;
  @ApiProperty({ enum: REGISTRATION_STATES_V1, enumName: 'RegistrationState' }) state: RegistrationStateV1;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      'La versión de la inscripción: el mismo `sequence` que llevan sus webhooks; entre una fila y un aviso, vale el de número más alto',
  })
  sequence: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Puesto en la lista de espera (solo waiting)' })
  queuePosition: number | null;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'DNI/NIE' }) userTaxId: string;
  @nullableString() telephoneNumber: string | null;
  @ApiProperty({ description: 'Ocupa una plaza reservada (inscripción del personal)' }) usesReservedSpot: boolean;
  @ApiProperty({
    enum: VISITOR_LANGUAGES,
    enumName: 'Language',
    description: 'El idioma en que se inscribió (sus emails y SMS van en él); es en las del personal',
  })
  language: VisitorLanguage;
  @ApiProperty({
    format: 'date-time',
    description: 'Cuándo se inscribió o entró en la lista de espera; una promoción no lo cambia',
  })
  registeredAt: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Cuándo obtuvo plaza desde la lista de espera (automática o del personal); null si nunca',
  })
  promotedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelledAt: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

@ApiSchema({
  name: 'WaitingListEntry',
  description: 'Una persona en la lista de espera de una sesión; su id es el de su inscripción',
})
export class WaitingListEntryV1Dto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) eventId: number;
  @ApiProperty({ type: 'integer' }) sessionId: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) queuePosition: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty() userTaxId: string;
  @nullableString() telephoneNumber: string | null;
  @ApiProperty({ format: 'date-time' }) queuedAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

@ApiSchema({ name: 'Deletion', description: 'Una fila que ya no existe (o una entrada que dejó la lista de espera)' })
export class DeletionV1Dto {
  @ApiProperty({ type: 'integer', description: 'Orden de la eliminación' }) id: number;
  @ApiProperty({ enum: DELETED_RESOURCES, enumName: 'DeletedResource' }) resource: DeletedResource;
  @ApiProperty({ type: 'integer', description: 'El id del recurso eliminado' }) resourceId: number;
  @ApiProperty({ type: 'integer', nullable: true }) eventId: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) sessionId: number | null;
  @ApiProperty({ format: 'date-time' }) deletedAt: string;
}

const NEXT = { type: String, nullable: true, description: 'Cursor de la página siguiente; null en la última' };

/** The page of a list, a component of its own per resource (`EventPage`…). */
function PageOf<T>(item: Type<T>, name: string) {
  @ApiSchema({ name })
  class PageDto {
    @ApiProperty({ type: [item] }) data: T[];
    @ApiProperty(NEXT) next: string | null;
  }
  return PageDto;
}

export const EventPageDto = PageOf(EventV1Dto, 'EventPage');
export const SessionPageDto = PageOf(SessionV1Dto, 'SessionPage');
export const RegistrationPageDto = PageOf(RegistrationV1Dto, 'RegistrationPage');
export const WaitingListEntryPageDto = PageOf(WaitingListEntryV1Dto, 'WaitingListEntryPage');
export const DeletionPageDto = PageOf(DeletionV1Dto, 'DeletionPage');
