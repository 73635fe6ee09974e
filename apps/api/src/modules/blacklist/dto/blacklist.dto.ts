import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../common/http/page-query.dto';
import {
  BLACKLIST_DESCRIPTION_MAX,
  BlacklistCheck,
  BlacklistEntry,
  BlacklistNotificationType,
  BlacklistPage,
  BlacklistReason,
  BlacklistReasonOption,
  CreateBlacklistEntryRequest,
  MESSAGES,
  UpdateBlacklistEntryRequest,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { IsEmailAddress, IsPersonName, IsPhoneNumber } from '../../../common/http/validators';
import { parseExpiry } from '../expiry';

const M = MESSAGES.blacklist;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Trimmed; an empty text means "none". */
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
/** Query strings arrive as text: whole numbers and booleans are converted, anything else is left to fail. */
const queryBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

function IsExpiryDate(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isExpiryDate',
      validator: { validate: (value) => typeof value === 'string' && parseExpiry(value) !== null },
    },
    options,
  );
}

export class BlacklistEntryDto implements BlacklistEntry {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ type: Number, nullable: true, example: 1001, description: 'null si el evento se eliminó' }) eventId:
    number | null;
  @ApiProperty({ type: String, nullable: true, example: 'Concierto de Año Nuevo' }) eventTitle: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 12, description: 'null si la sesión se eliminó' })
  eventSessionId: number | null;
  @ApiProperty({ example: 'ana@example.com', description: 'Normalizado (minúsculas, sin espacios)' }) email: string;
  @ApiProperty({ example: 'Ana' }) firstName: string;
  @ApiProperty({ example: 'García López' }) lastName: string;
  @ApiProperty({ type: String, nullable: true, example: '+34 600 000 000' }) phoneNumber: string | null;
  @ApiProperty({ enum: [0, 1, 2], description: '0 No Show, 1 Cancelado, 2 Otro' }) blackListReason: BlacklistReason;
  @ApiProperty({ type: String, nullable: true, maxLength: BLACKLIST_DESCRIPTION_MAX }) blackListReasonDesc:
    string | null;
  @ApiProperty({ enum: [0, 1], description: '0 SMS, 1 Email' }) notificationType: BlacklistNotificationType;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-12-31',
    description: 'Fecha de la sesión (null si se eliminó)',
  })
  startDate: string | null;
  @ApiProperty({ type: String, nullable: true, example: '10:00:00' }) startTime: string | null;
  @ApiProperty({ type: String, nullable: true, example: '11:30:00' }) endTime: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) isAllDay: boolean | null;
  @ApiProperty({ description: 'Activo (true) hasta que pasa expiresAt; después Expirado' }) isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class BlacklistPageDto implements BlacklistPage {
  @ApiProperty({ type: [BlacklistEntryDto] }) data: BlacklistEntryDto[];
  @ApiProperty({ example: 25 }) totalCount: number;
  @ApiProperty({ example: 2, description: '0 sin entradas; 1 con paginated=false' }) totalPages: number;
  @ApiProperty() hasPreviousPage: boolean;
  @ApiProperty() hasNextPage: boolean;
}

export class BlacklistReasonOptionDto implements BlacklistReasonOption {
  @ApiProperty({ enum: [0, 1, 2] }) value: BlacklistReason;
  @ApiProperty({ example: 'No Show' }) label: string;
}

export class BlacklistCheckDto implements BlacklistCheck {
  @ApiProperty({ example: 'ana@example.com', description: 'Normalizado' }) email: string;
  @ApiProperty() isBlacklisted: boolean;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'La expiración más lejana de sus entradas activas',
  })
  expiresAt: string | null;
  @ApiProperty({ type: Number, enum: [0, 1, 2], nullable: true, description: 'Razón de esa entrada' })
  reason: BlacklistReason | null;
}

export class ListBlacklistQueryDto extends PageQuery({ defaultSize: 20, maxSize: 100, messages: M }) {
  @ApiPropertyOptional({ type: Boolean, default: true, description: 'false: todas las entradas en data' })
  @Transform(queryBool)
  @IsOptional()
  @IsBoolean({ message: M.paginatedInvalid })
  paginated?: boolean;

  @ApiPropertyOptional({ description: 'Email, nombre o título del evento (sin distinguir mayúsculas)', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class UpdateBlacklistEntryDto implements UpdateBlacklistEntryRequest {
  @ApiPropertyOptional({
    example: 'Ana',
    maxLength: 100,
    description: 'Vacío u omitido: el del registro (al crear) o el actual (al editar)',
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: M.firstNameMax })
  @IsPersonName({ message: MESSAGES.booking.firstNameInvalid })
  firstName?: string;

  @ApiPropertyOptional({
    example: 'García López',
    maxLength: 150,
    description: 'Vacío u omitido: el del registro (al crear) o el actual (al editar)',
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(150, { message: M.lastNameMax })
  @IsPersonName({ message: MESSAGES.booking.lastNameInvalid })
  lastName?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '+34 600 000 000',
    description:
      'Omitido: el del registro (al crear) o el actual (al editar); null o vacío lo quita. Necesario para notificar por SMS',
  })
  @Transform(trimToNull)
  @IsOptional()
  @IsPhoneNumber({ message: M.phoneInvalid })
  @MaxLength(30, { message: M.phoneInvalid })
  phoneNumber?: string | null;

  @ApiProperty({ enum: [0, 1, 2], description: '0 No Show, 1 Cancelado, 2 Otro' })
  @IsIn([0, 1, 2], { message: M.reasonInvalid })
  blackListReason: BlacklistReason;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: BLACKLIST_DESCRIPTION_MAX })
  @Transform(trimToNull)
  @IsOptional()
  @IsString()
  @MaxLength(BLACKLIST_DESCRIPTION_MAX, { message: M.descriptionMax })
  blackListReasonDesc?: string | null;

  @ApiPropertyOptional({
    enum: [0, 1],
    default: 1,
    description: '0 SMS, 1 Email. Al editar, omitido conserva el actual',
  })
  @IsOptional()
  @IsIn([0, 1], { message: M.notificationTypeInvalid })
  notificationType?: BlacklistNotificationType;

  @ApiProperty({
    example: '2026-12-31',
    description:
      "'YYYY-MM-DD' (hasta el final de ese día, hora de Madrid) o fecha-hora ISO (sin zona: hora de Madrid). No anterior a hoy; al editar, el valor actual sin cambios se acepta",
  })
  @IsNotEmpty({ message: M.expiresAtRequired })
  @IsExpiryDate({ message: M.expiresAtInvalid })
  expiresAt: string;
}

export class CreateBlacklistEntryDto extends UpdateBlacklistEntryDto implements CreateBlacklistEntryRequest {
  @ApiProperty({ example: 1001 })
  @IsInt({ message: M.eventRequired })
  @Min(1, { message: M.eventRequired })
  @Max(2147483647, { message: M.eventRequired })
  eventId: number;

  @ApiProperty({ example: 12, description: 'Una sesión de ese evento' })
  @IsInt({ message: M.sessionRequired })
  @Min(1, { message: M.sessionRequired })
  @Max(2147483647, { message: M.sessionRequired })
  eventSessionId: number;

  @ApiProperty({
    example: 'ana@example.com',
    description: 'El email de un registro (activo, cancelado o en espera) de esa sesión',
  })
  @Transform(trim)
  @IsEmailAddress({ message: M.emailRequired })
  email: string;
}
