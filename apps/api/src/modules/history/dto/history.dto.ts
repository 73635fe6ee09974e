import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  HISTORY_ACTIONS,
  HISTORY_ACTORS,
  HistoryAction,
  HistoryActorKind,
  HistoryChange,
  HistoryEntry,
  HistoryFilter,
  HistorySubject,
  HISTORY_FILTER_MESSAGES as M,
  Paged,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Min } from 'class-validator';
import { PageQuery, queryInt } from '../../../common/http/page-query.dto';
import { IsCalendarDay } from '../../registrations/dto/registration.dto';

/** A value before or after: text (or null, none), a number or a yes/no; null only once, so the three exclude each
 * other. */
const VALUE = { oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }] };

export class HistoryChangeDto implements HistoryChange {
  @ApiProperty({ description: 'El campo cambiado (firstName, email, maxAttendees...)', example: 'maxAttendees' })
  field: string;
  @ApiPropertyOptional({ ...VALUE, description: 'Valor anterior; nunca para datos personales' })
  from?: string | number | boolean | null;
  @ApiPropertyOptional({ ...VALUE, description: 'Valor nuevo; nunca para datos personales' })
  to?: string | number | boolean | null;
  @ApiPropertyOptional({
    description:
      "Valor anterior dado por id, tal como lo lee el personal: la sesión como 'Evento · 01/06/2030 10:00-11:30'",
  })
  fromText?: string;
  @ApiPropertyOptional({ description: 'Valor nuevo dado por id, tal como lo lee el personal' })
  toText?: string;
}

export class HistoryBulkDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minimum: 1 }) count: number;
}

export class HistoryEntryDto implements HistoryEntry {
  @ApiProperty({
    example: 'h-12',
    description: "'h-…' guardada; 'r-…' (creación) o 'c-…' (entrada) leídas de la inscripción",
  })
  id: string;
  @ApiProperty({ enum: ['registration', 'event', 'session'] }) subject: HistorySubject;
  @ApiProperty() subjectId: number;
  @ApiProperty({ type: Number, nullable: true }) eventId: number | null;
  @ApiProperty({ type: Number, nullable: true }) sessionId: number | null;
  @ApiProperty({ enum: Object.keys(HISTORY_ACTIONS) }) action: HistoryAction;
  @ApiProperty({ example: HISTORY_ACTIONS.cancelled }) actionLabel: string;
  @ApiProperty({ enum: Object.keys(HISTORY_ACTORS) }) actorKind: HistoryActorKind;
  @ApiProperty({ description: 'Nombre del miembro del personal, del token o del enlace de puerta; o el tipo de actor' })
  actorLabel: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) actorUserId: string | null;
  @ApiProperty({ type: [HistoryChangeDto] }) changes: HistoryChangeDto[];
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({
    type: HistoryBulkDto,
    nullable: true,
    description: 'Escrita por una acción masiva (su id y cuántas entradas de esta acción escribió); null si individual',
  })
  bulk: HistoryBulkDto | null;
  @ApiPropertyOptional({
    description: 'Solo en el historial completo: la persona, el título del evento o la sesión (evento y fecha)',
  })
  subjectLabel?: string;
}

export class HistoryListQueryDto
  extends PageQuery({ defaultSize: 20, maxSize: 100, messages: M })
  implements HistoryFilter
{
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Solo las de este evento (y sus sesiones e inscripciones)',
  })
  @Transform(queryInt)
  @IsOptional()
  @IsInt({ message: M.eventId })
  @Min(1, { message: M.eventId })
  eventId?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Solo las de esta sesión (y sus inscripciones)' })
  @Transform(queryInt)
  @IsOptional()
  @IsInt({ message: M.sessionId })
  @Min(1, { message: M.sessionId })
  sessionId?: number;

  @ApiPropertyOptional({ enum: Object.keys(HISTORY_ACTIONS), description: 'Solo esta acción' })
  @IsOptional()
  @IsIn(Object.keys(HISTORY_ACTIONS), { message: M.action })
  action?: HistoryAction;

  @ApiPropertyOptional({ enum: Object.keys(HISTORY_ACTORS), description: 'Solo las de este tipo de actor' })
  @IsOptional()
  @IsIn(Object.keys(HISTORY_ACTORS), { message: M.actorKind })
  actorKind?: HistoryActorKind;

  @ApiPropertyOptional({ format: 'uuid', description: 'Solo las de este miembro del personal (o sus tokens de API)' })
  @IsOptional()
  @IsUUID('all', { message: M.actorUserId })
  actorUserId?: string;

  @ApiPropertyOptional({ example: '2026-01-01', description: 'Desde ese día (incluido, Europe/Madrid)' })
  @IsOptional()
  @IsCalendarDay(M.from)
  from?: string;

  @ApiPropertyOptional({ example: '2026-01-31', description: 'Hasta ese día (incluido, Europe/Madrid)' })
  @IsOptional()
  @IsCalendarDay(M.to)
  to?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Las entradas de una acción masiva, una por persona o sesión (sin agrupar)',
  })
  @IsOptional()
  @IsUUID('all', { message: M.bulkId })
  bulkId?: string;
}

export class HistoryPageDto implements Paged<HistoryEntry> {
  @ApiProperty({ type: [HistoryEntryDto] }) items: HistoryEntryDto[];
  @ApiProperty() totalCount: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}
