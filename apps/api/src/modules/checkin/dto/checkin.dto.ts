import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AttendanceCounts,
  AttendancePage,
  AttendanceRow,
  BlacklistNoShowsAnswer,
  BlacklistNoShowsRequest,
  CHECKIN_MESSAGES,
  CheckInAnswer,
  CheckInOutcome,
  CheckInPerson,
  CheckInRequest,
  CheckInSessionChoice,
  CreateDoorLinkRequest,
  CreatedDoorLink,
  DoorLink,
  DoorSession,
  NoShow,
  OfflineList,
  OfflineListEntry,
  SyncAnswer,
  SyncConflict,
  SyncRequest,
  SyncScanAnswer,
  SYNC_MAX_SCANS,
  TICKET_CODE_MAX_LENGTH,
  UndoCheckInAnswer,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
} from '@evreg/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { PageQuery } from '../../../common/http/page-query.dto';

const M = CHECKIN_MESSAGES;
const OUTCOMES: CheckInOutcome[] = ['valid', 'alreadyCheckedIn', 'otherSession', 'cancelled', 'waiting', 'unknown'];
const OUTCOMES_DESCRIPTION =
  'valid (verde: entra), alreadyCheckedIn (ya registrada: cuándo, en qué puerta/por quién), otherSession (entrada de ' +
  'otra sesión: cuál), cancelled (inscripción cancelada), waiting (en lista de espera: posición), unknown (código ' +
  'desconocido, alterado o de una inscripción eliminada)';

export class CheckInRequestDto implements CheckInRequest {
  @ApiPropertyOptional({ example: '1234-ABCDEFGHIJKLMNOPQRSTUVWXYZ', maxLength: TICKET_CODE_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: M.codeInvalid })
  @MaxLength(TICKET_CODE_MAX_LENGTH, { message: M.codeInvalid })
  code?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Alternativa a code (búsqueda manual en la puerta)',
  })
  @IsOptional()
  @IsInt({ message: M.registrationIdInvalid })
  @Min(1, { message: M.registrationIdInvalid })
  @Max(2_147_483_647, { message: M.registrationIdInvalid })
  registrationId?: number;

  @ApiProperty({
    example: 'k3Jd8sQ0-aa91',
    minLength: 8,
    maxLength: 64,
    description:
      'Identificador aleatorio de la lectura: reenviarla con el mismo nonce da la misma respuesta sin contar dos veces',
  })
  @IsString({ message: M.nonceInvalid })
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: M.nonceInvalid })
  nonce: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 60, example: 'Puerta norte' })
  @IsOptional()
  @IsString({ message: M.doorInvalid })
  @MaxLength(60, { message: M.doorInvalid })
  door?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Cuándo se leyó (lecturas sin conexión)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: M.scannedAtInvalid })
  scannedAt?: string | null;
}

export class SyncRequestDto implements SyncRequest {
  @ApiProperty({ type: [CheckInRequestDto], minItems: 1, maxItems: SYNC_MAX_SCANS })
  @IsArray({ message: M.scansInvalid })
  @ArrayMinSize(1, { message: M.scansInvalid })
  @ArrayMaxSize(SYNC_MAX_SCANS, { message: M.scansInvalid })
  @ValidateNested({ each: true })
  @Type(() => CheckInRequestDto)
  scans: CheckInRequestDto[];
}

export class AttendanceCountsDto implements AttendanceCounts {
  @ApiProperty() sessionId: number;
  @ApiProperty({ description: 'Inscripciones activas' }) registered: number;
  @ApiProperty({ description: 'Presentes (entradas registradas y no anuladas)' }) present: number;
  @ApiProperty({ description: 'Aún esperados: inscritos − presentes' }) expected: number;
}

export class CheckInPersonDto implements CheckInPerson {
  @ApiProperty() registrationId: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ type: String, nullable: true }) companionOf: string | null;
}

class OtherSessionDto {
  @ApiProperty() sessionId: number;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ example: '2026-12-01' }) startDate: string;
  @ApiProperty({ example: '10:00:00' }) startTime: string;
}

export class SyncScanAnswerDto implements SyncScanAnswer {
  @ApiProperty() nonce: string;
  @ApiProperty({ enum: OUTCOMES, description: OUTCOMES_DESCRIPTION }) outcome: CheckInOutcome;
  @ApiProperty({ description: 'true solo para valid (pantalla verde)' }) ok: boolean;
  @ApiProperty({ example: 'Entrada válida', description: 'El veredicto en español para quien está en la puerta' })
  message: string;
  @ApiProperty({
    enum: VISITOR_LANGUAGES,
    nullable: true,
    description: 'El idioma en que reservó la inscripción que nombra la respuesta; null si no nombra ninguna (unknown)',
  })
  language: VisitorLanguage | null;
  @ApiProperty({
    example: 'Entrada vàlida. Benvinguts!',
    description:
      'El veredicto para el visitante (pantalla o torno que mira hacia él) en language; si no hay inscripción, en el ' +
      'idioma de Accept-Language (español sin él). Frases corteses sin datos personales',
  })
  visitorMessage: string;
  @ApiProperty({ type: Number, nullable: true }) checkInId: number | null;
  @ApiProperty({ type: CheckInPersonDto, nullable: true }) person: CheckInPerson | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) checkedInAt: string | null;
  @ApiProperty({ type: String, nullable: true }) checkedInDoor: string | null;
  @ApiProperty({ type: String, nullable: true }) checkedInBy: string | null;
  @ApiProperty({ type: OtherSessionDto, nullable: true }) otherSession: CheckInAnswer['otherSession'];
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty({ description: 'Repite la respuesta dada antes al mismo nonce' }) replayed: boolean;
}

export class CheckInAnswerDto extends SyncScanAnswerDto implements CheckInAnswer {
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCounts;
}

export class UndoCheckInAnswerDto implements UndoCheckInAnswer {
  @ApiProperty() undone: boolean;
  @ApiProperty() message: string;
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCounts;
}

export class SyncConflictDto implements SyncConflict {
  @ApiProperty() registrationId: number;
  @ApiProperty() nonce: string;
  @ApiProperty() keptCheckInId: number;
  @ApiProperty({ type: String, nullable: true }) keptDoor: string | null;
  @ApiProperty({ format: 'date-time' }) keptAt: string;
  @ApiProperty({ type: String, nullable: true }) rejectedDoor: string | null;
  @ApiProperty({ format: 'date-time' }) rejectedAt: string;
}

export class SyncAnswerDto implements SyncAnswer {
  @ApiProperty({ type: [SyncScanAnswerDto] }) results: SyncScanAnswer[];
  @ApiProperty({ type: [SyncConflictDto] }) conflicts: SyncConflict[];
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCounts;
}

export class AttendanceRowDto implements AttendanceRow {
  @ApiProperty() registrationId: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ type: String, nullable: true, description: 'Solo con el permiso Registrations.Read' })
  email: string | null;
  @ApiProperty() checkedIn: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) checkedInAt: string | null;
  @ApiProperty({ type: String, nullable: true }) checkedInDoor: string | null;
  @ApiProperty({ type: Number, nullable: true }) checkInId: number | null;
}

export class AttendancePageDto implements AttendancePage {
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCounts;
  @ApiProperty({ type: [AttendanceRowDto] }) items: AttendanceRow[];
  @ApiProperty() totalCount: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

const ATTENDANCE_PAGE = PageQuery({
  defaultSize: 50,
  maxSize: 100,
  messages: {
    pageInvalid: 'La página debe ser un número entero mayor que 0',
    pageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 100',
  },
});

export class AttendanceQueryDto extends ATTENDANCE_PAGE {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: presentes; false: aún no presentes' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'checkedIn debe ser true o false' })
  checkedIn?: 'true' | 'false';

  @ApiPropertyOptional({
    maxLength: 100,
    description:
      'Nombre o apellidos (contiene), o el email o DNI: completos, o parte de ellos con el permiso Registrations.Read',
  })
  @IsOptional()
  @IsString({ message: 'search debe ser un texto de como máximo 100 caracteres' })
  @MaxLength(100, { message: 'search debe ser un texto de como máximo 100 caracteres' })
  search?: string;
}

export class OfflineListEntryDto implements OfflineListEntry {
  @ApiProperty() registrationId: number;
  @ApiProperty({ description: 'base64url(SHA-256(código en mayúsculas)): la puerta compara el hash de lo que lee' })
  codeHash: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ type: String, nullable: true }) companionOf: string | null;
  @ApiProperty({ enum: ['active', 'cancelled', 'waiting'] }) state: OfflineListEntry['state'];
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) checkedInAt: string | null;
  @ApiProperty({ type: String, nullable: true }) checkedInDoor: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Quién le dio entrada' }) checkedInBy: string | null;
}

export class OfflineListDto implements OfflineList {
  @ApiProperty() sessionId: number;
  @ApiProperty() eventTitle: string;
  @ApiProperty() startDate: string;
  @ApiProperty() startTime: string;
  @ApiProperty() endTime: string;
  @ApiProperty({ format: 'date-time' }) generatedAt: string;
  @ApiProperty({ type: [OfflineListEntryDto] }) entries: OfflineListEntry[];
}

export class CreateDoorLinkRequestDto implements CreateDoorLinkRequest {
  @ApiProperty({ maxLength: 60, example: 'Voluntarios puerta norte' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: M.labelInvalid })
  @MinLength(1, { message: M.labelInvalid })
  @MaxLength(60, { message: M.labelInvalid })
  label: string;
}

export class DoorLinkDto implements DoorLink {
  @ApiProperty() id: number;
  @ApiProperty() sessionId: number;
  @ApiProperty() label: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'El fin de la sesión: después el enlace no abre' })
  expiresAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) revokedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) createdBy: string | null;
}

export class CreatedDoorLinkDto extends DoorLinkDto implements CreatedDoorLink {
  @ApiProperty({ description: 'Se muestra solo ahora' }) token: string;
  @ApiProperty({ example: 'https://inscripciones.example.com/admin/#/door/evd_…' }) url: string;
}

export class CheckInSessionChoiceDto implements CheckInSessionChoice {
  @ApiProperty() sessionId: number;
  @ApiProperty() eventId: number;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ example: '2026-11-27' }) startDate: string;
  @ApiProperty({ example: '10:00:00' }) startTime: string;
  @ApiProperty({ example: '11:30:00' }) endTime: string;
  @ApiProperty({ format: 'date-time', description: 'Inicio (instante)' }) startsAt: string;
  @ApiProperty({ format: 'date-time', description: 'Fin (instante): puede ser pasada la medianoche' }) endsAt: string;
  @ApiProperty({ example: 'Europe/Madrid', description: 'Zona horaria del evento' }) timeZone: string;
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCounts;
}

export class DoorSessionDto implements DoorSession {
  @ApiProperty() sessionId: number;
  @ApiProperty() eventTitle: string;
  @ApiProperty() startDate: string;
  @ApiProperty() startTime: string;
  @ApiProperty() endTime: string;
  @ApiProperty() label: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCounts;
}

export class NoShowDto implements NoShow {
  @ApiProperty() registrationId: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) telephoneNumber: string | null;
  @ApiProperty({ description: 'Ya está en la lista negra (se omite al añadir)' }) alreadyBlacklisted: boolean;
}

export class BlacklistNoShowsRequestDto implements BlacklistNoShowsRequest {
  @ApiPropertyOptional({ type: [Number], maxItems: 5000 })
  @IsOptional()
  @IsArray({ message: M.noShowSelection })
  @ArrayMaxSize(5000, { message: M.noShowSelection })
  @IsInt({ each: true, message: M.noShowSelection })
  @Min(1, { each: true, message: M.noShowSelection })
  @Max(2_147_483_647, { each: true, message: M.noShowSelection })
  registrationIds?: number[];

  @ApiPropertyOptional({ description: 'true: todos los no presentados de la sesión' })
  @IsOptional()
  @IsBoolean({ message: M.noShowSelection })
  all?: boolean;

  @ApiPropertyOptional({ description: "'YYYY-MM-DD' o fecha ISO; por defecto dentro de 30 días" })
  @IsOptional()
  @IsString({ message: 'Fecha de expiración no es válida' })
  @MaxLength(40, { message: 'Fecha de expiración no es válida' })
  expiresAt?: string;

  @ApiPropertyOptional({ enum: [0, 1], default: 1, description: '0 SMS, 1 Email' })
  @IsOptional()
  @IsIn([0, 1], { message: 'El tipo de notificación debe ser 0 (SMS) o 1 (Email)' })
  notificationType?: 0 | 1;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @IsOptional()
  @IsString({ message: 'La descripción no puede superar 500 caracteres' })
  @MaxLength(500, { message: 'La descripción no puede superar 500 caracteres' })
  blackListReasonDesc?: string | null;
}

export class BlacklistNoShowsAnswerDto implements BlacklistNoShowsAnswer {
  @ApiProperty() added: number;
  @ApiProperty() skippedAlreadyBlacklisted: number;
  @ApiProperty() skippedNotNoShow: number;
  @ApiProperty() message: string;
}
