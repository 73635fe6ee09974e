import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  HISTORY_ACTIONS,
  HISTORY_ACTORS,
  HistoryAction,
  HistoryActorKind,
  HistoryChange,
  HistoryEntry,
  HistorySubject,
} from '@evreg/contracts';

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
}
