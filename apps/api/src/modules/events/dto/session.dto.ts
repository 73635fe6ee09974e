import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, SessionPayload, ToggleRegistrationRequest } from '@evreg/contracts';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidationOptions,
} from 'class-validator';
import { isCalendarDate, isClockTime } from '../session-schedule';

const MAX_INT = 2_147_483_647;
const M = MESSAGES.sessions;

const IsCalendarDate = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate } }, options);
const IsClockTime = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isClockTime', validator: { validate: isClockTime } }, options);
const timed = (o: { isAllDay?: unknown }) => o.isAllDay !== true;

/** The session form without the capacity (which PUT does not change). */
class SessionScheduleDto {
  @ApiPropertyOptional({
    example: 7,
    description: 'Opcional (la forma Session de la especificación); debe ser el eventId de la ruta',
  })
  @IsOptional()
  @IsInt({ message: M.eventIdMismatch })
  eventId?: number;

  @ApiProperty({ example: '2026-05-09', description: 'AAAA-MM-DD' })
  @IsDefined({ message: M.startDateRequired })
  @IsCalendarDate({ message: M.startDateInvalid })
  startDate: string;

  @ApiProperty({ example: '2026-05-09', description: 'AAAA-MM-DD, no anterior a startDate' })
  @IsDefined({ message: M.endDateRequired })
  @IsCalendarDate({ message: M.endDateInvalid })
  endDate: string;

  @ApiPropertyOptional({ example: '10:00', description: 'HH:MM o HH:MM:SS; requerida salvo isAllDay' })
  @ValidateIf(timed)
  @IsDefined({ message: M.startTimeRequired })
  @IsClockTime({ message: M.startTimeInvalid })
  startTime?: string;

  @ApiPropertyOptional({
    example: '11:30',
    description: 'HH:MM o HH:MM:SS; requerida salvo isAllDay; el mismo día, posterior a startTime',
  })
  @ValidateIf(timed)
  @IsDefined({ message: M.endTimeRequired })
  @IsClockTime({ message: M.endTimeInvalid })
  endTime?: string;

  @ApiPropertyOptional({ default: false, description: 'Todo el día: se guarda de 00:00:00 a 23:59:00' })
  @IsOptional()
  @IsBoolean()
  isAllDay?: boolean;

  @ApiPropertyOptional({ description: 'Al crear, true por defecto; al editar, si se omite no cambia' })
  @IsOptional()
  @IsBoolean()
  isRegistrationOpen?: boolean;

  @ApiPropertyOptional({ description: 'Al crear, false por defecto; al editar, si se omite no cambia' })
  @IsOptional()
  @IsBoolean()
  isPromotionLocked?: boolean;
}

export class CreateSessionDto extends SessionScheduleDto implements SessionPayload {
  @ApiProperty({ minimum: 1, example: 20 })
  @IsDefined({ message: M.maxAttendeesRequired })
  @Min(1, { message: M.maxAttendeesInvalid })
  @Max(MAX_INT, { message: M.maxAttendeesInvalid })
  @IsInt({ message: M.maxAttendeesInvalid })
  maxAttendees: number;

  @ApiPropertyOptional({ minimum: 0, default: 0, example: 5, description: 'No más que maxAttendees' })
  @IsOptional()
  @Min(0, { message: M.reservedSpotsInvalid })
  @Max(MAX_INT, { message: M.reservedSpotsInvalid })
  @IsInt({ message: M.reservedSpotsInvalid })
  reservedSpots?: number;

  @ApiPropertyOptional({
    minimum: 0,
    example: 10,
    description: 'Por defecto, la configuración DefaultMaxQueueSpots; no más que GlobalMaxQueueSpots',
  })
  @IsOptional()
  @Min(0, { message: M.maxQueueSpotsInvalid })
  @Max(MAX_INT, { message: M.maxQueueSpotsInvalid })
  @IsInt({ message: M.maxQueueSpotsInvalid })
  maxQueueSpots?: number;
}

/** PUT: the schedule and the flags. The capacity changes through its own endpoints; the form may send it back
 * unchanged, a different value is refused. */
export class UpdateSessionDto extends SessionScheduleDto {
  @ApiPropertyOptional({ description: 'Solo se admite el valor actual' })
  @IsOptional()
  @IsInt({ message: M.maxAttendeesInvalid })
  maxAttendees?: number;

  @ApiPropertyOptional({ description: 'Solo se admite el valor actual' })
  @IsOptional()
  @IsInt({ message: M.reservedSpotsInvalid })
  reservedSpots?: number;

  @ApiPropertyOptional({ description: 'Solo se admite el valor actual' })
  @IsOptional()
  @IsInt({ message: M.maxQueueSpotsInvalid })
  maxQueueSpots?: number;
}

export class ToggleRegistrationDto implements ToggleRegistrationRequest {
  @ApiProperty({ description: 'true abre las inscripciones, false las cierra' })
  @IsDefined({ message: M.isOpenRequired })
  @IsBoolean({ message: M.isOpenRequired })
  isOpen: boolean;
}
