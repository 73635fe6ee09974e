import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ATTENDEE_LIMITS,
  AdminRegistration,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
  CancellationPreview,
  ManualRegistrationConfirmation,
  ManualRegistrationResponse,
  MESSAGES,
  Paged,
  REGISTRATION_LIST_STATES,
  REGISTRATION_SORTS,
  RegistrationListFilter,
  RegistrationListState,
  RegistrationResponse,
  RegistrationResult,
  RegistrationSort,
} from '@evreg/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ApiErrorResponseDto } from '../../../common/http/api-error.dto';
import { fieldName, tooLongMessage } from '../../../common/http/field-labels';
import { queryInt } from '../../../common/http/page-query.dto';
import { IsPersonName } from '../../../common/http/validators';

/** Messages that name the field by its Spanish label (common/http/field-labels.ts). */
const str = (name: string) => ({ message: `${fieldName(name).label} debe ser un texto` });
const bool = (name: string) => ({ message: `${fieldName(name).label} debe ser true o false` });
const int = (name: string) => ({ message: `${fieldName(name).label} debe ser un número entero` });
const tooLong = (name: keyof typeof ATTENDEE_LIMITS) => ({ message: tooLongMessage(name, ATTENDEE_LIMITS[name]) });

/** An attendee as the booking page sends it. Types only: the booking rules (required fields, lengths, DNI/NIE,
 * e-mail, phone, consent) are checked by the engine so their messages come back per attendee (attendeeErrors). */
export class AttendeeDto {
  @ApiProperty({ example: 'Ana', maxLength: ATTENDEE_LIMITS.firstName })
  @IsOptional()
  @IsString(str('firstName'))
  firstName?: string;
  @ApiProperty({ example: 'García López', maxLength: ATTENDEE_LIMITS.lastName })
  @IsOptional()
  @IsString(str('lastName'))
  lastName?: string;
  @ApiProperty({ example: 'ana@example.com', maxLength: ATTENDEE_LIMITS.email })
  @IsOptional()
  @IsString(str('email'))
  email?: string;
  @ApiProperty({ example: 'ana@example.com', maxLength: ATTENDEE_LIMITS.email })
  @IsOptional()
  @IsString(str('confirmEmail'))
  confirmEmail?: string;
  @ApiProperty({
    example: '12345678Z',
    description: 'DNI o NIE con letra de control',
    maxLength: ATTENDEE_LIMITS.userTaxId,
  })
  @IsOptional()
  @IsString(str('userTaxId'))
  userTaxId?: string;
  @ApiPropertyOptional({
    type: String,
    example: '600123456',
    nullable: true,
    maxLength: ATTENDEE_LIMITS.telephoneNumber,
  })
  @IsOptional()
  @IsString(str('telephoneNumber'))
  telephoneNumber?: string | null;
  @ApiProperty({ example: true, description: 'Debe ser true' })
  @IsOptional()
  @IsBoolean(bool('gdprConsent'))
  gdprConsent?: boolean;
  @ApiPropertyOptional({ example: 12 })
  @IsOptional()
  @IsInt(int('eventSessionId'))
  eventSessionId?: number;
}

export class BulkRegistrationDto {
  @ApiProperty({ type: [AttendeeDto], maxItems: 2 })
  @IsArray({ message: `${fieldName('registrations').label} deben ser una lista` })
  @ArrayMaxSize(2, { message: 'Se pueden inscribir como máximo 2 personas por reserva' })
  @ValidateNested({ each: true })
  @Type(() => AttendeeDto)
  registrations: AttendeeDto[];
}

export class ManualFormDto extends AttendeeDto {
  @ApiPropertyOptional({ description: 'Pasaporte extranjero: no se comprueba el formato DNI/NIE' })
  @IsOptional()
  @IsBoolean(bool('bypassValidation'))
  bypassValidation?: boolean;
}

export class ManualRegistrationDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt(int('eventSessionId'))
  eventSessionId?: number;
  @ApiProperty({ type: ManualFormDto })
  @IsDefined({ message: `${fieldName('formData').label} son requeridos` })
  @IsObject({ message: `${fieldName('formData').label} deben ser un objeto` })
  @ValidateNested()
  @Type(() => ManualFormDto)
  formData: ManualFormDto;
}

export class UpdateRegistrationDto {
  @ApiProperty({ maxLength: ATTENDEE_LIMITS.firstName })
  @IsString(str('firstName'))
  @MaxLength(ATTENDEE_LIMITS.firstName, tooLong('firstName'))
  @IsPersonName({ message: MESSAGES.booking.firstNameInvalid })
  firstName: string;
  @ApiProperty({ maxLength: ATTENDEE_LIMITS.lastName })
  @IsString(str('lastName'))
  @MaxLength(ATTENDEE_LIMITS.lastName, tooLong('lastName'))
  @IsPersonName({ message: MESSAGES.booking.lastNameInvalid })
  lastName: string;
  @ApiProperty({ maxLength: ATTENDEE_LIMITS.email })
  @IsString(str('email'))
  @MaxLength(ATTENDEE_LIMITS.email, tooLong('email'))
  email: string;
  @ApiProperty({ maxLength: ATTENDEE_LIMITS.userTaxId })
  @IsString(str('userTaxId'))
  @MaxLength(ATTENDEE_LIMITS.userTaxId, tooLong('userTaxId'))
  userTaxId: string;
  @ApiPropertyOptional({
    type: String,
    example: '600123456',
    nullable: true,
    maxLength: ATTENDEE_LIMITS.telephoneNumber,
  })
  @IsOptional()
  @IsString(str('telephoneNumber'))
  @MaxLength(ATTENDEE_LIMITS.telephoneNumber, tooLong('telephoneNumber'))
  telephoneNumber?: string | null;
}

/** The refusals of the staff search's filters (GET /events/registrations and its export), naming the field. */
export const REGISTRATION_FILTER_MESSAGES = {
  eventId: 'El campo "eventId" debe ser un número entero mayor que 0',
  sessionId: 'El campo "sessionId" debe ser un número entero mayor que 0',
  state: `El campo "state" debe ser uno de: ${REGISTRATION_LIST_STATES.join(', ')}`,
  registeredFrom: 'El campo "registeredFrom" debe ser una fecha AAAA-MM-DD',
  registeredTo: 'El campo "registeredTo" debe ser una fecha AAAA-MM-DD',
  toBeforeFrom: 'El campo "registeredTo" no puede ser anterior a "registeredFrom"',
  sort: `El campo "sort" no es válido: se puede ordenar por ${REGISTRATION_SORTS.join(', ')}`,
  order: 'El campo "order" debe ser asc o desc',
};

/** A calendar day as 'YYYY-MM-DD' that exists (no 2026-02-30). */
export function IsCalendarDay(message: string) {
  return ValidateBy(
    {
      name: 'isCalendarDay',
      validator: {
        validate: (value) =>
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}$/.test(value) &&
          !Number.isNaN(Date.parse(value)) &&
          new Date(value).toISOString().slice(0, 10) === value,
      },
    },
    { message },
  );
}

const M = REGISTRATION_FILTER_MESSAGES;
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** The filters and order of the staff search, shared by its pages and its Excel export (docs/domain.md,
 * "Registros: finding and slicing people"). */
export class RegistrationFilterDto implements RegistrationListFilter {
  @ApiPropertyOptional({ description: 'Nombre, apellidos, email, DNI/NIE, teléfono, evento o referencia (R-000123)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Solo las de este evento' })
  @Transform(queryInt)
  @IsOptional()
  @IsInt({ message: M.eventId })
  @Min(1, { message: M.eventId })
  eventId?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Solo las de esta sesión' })
  @Transform(queryInt)
  @IsOptional()
  @IsInt({ message: M.sessionId })
  @Min(1, { message: M.sessionId })
  sessionId?: number;

  @ApiPropertyOptional({
    enum: REGISTRATION_LIST_STATES,
    description: 'active: activas; waiting: en lista de espera; cancelled: canceladas. Sin él, todas',
  })
  @Transform(lower)
  @IsOptional()
  @IsIn(REGISTRATION_LIST_STATES, { message: M.state })
  state?: RegistrationListState;

  @ApiPropertyOptional({ example: '2026-01-01', description: 'Inscritas desde ese día (incluido, Europe/Madrid)' })
  @IsOptional()
  @IsCalendarDay(M.registeredFrom)
  registeredFrom?: string;

  @ApiPropertyOptional({ example: '2026-01-31', description: 'Inscritas hasta ese día (incluido, Europe/Madrid)' })
  @IsOptional()
  @IsCalendarDay(M.registeredTo)
  registeredTo?: string;

  @ApiPropertyOptional({
    enum: REGISTRATION_SORTS,
    description: 'Columna por la que ordenar (sessionDate: fecha de la sesión). Sin él, las más recientes primero',
  })
  @IsOptional()
  @IsIn(REGISTRATION_SORTS, { message: M.sort })
  sort?: RegistrationSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc', description: 'Sentido del orden' })
  @Transform(lower)
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: M.order })
  order?: 'asc' | 'desc';
}

export class RegistrationSearchDto extends RegistrationFilterDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt(int('page'))
  page?: number;
  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt(int('pageSize'))
  pageSize?: number;
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(({ value }) => value === 'true' || value === true)
  @IsBoolean()
  includeDetails?: boolean;
}

export class RegistrationResultDto implements RegistrationResult {
  @ApiProperty() success: boolean;
  @ApiProperty() registrationId: number;
  @ApiProperty() queued: boolean;
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1234-ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    description: 'Código de la entrada (contenido del QR); null en lista de espera (se da al ascender)',
  })
  ticketCode: string | null;
}

export class RegistrationResponseDto implements RegistrationResponse {
  @ApiProperty({ description: 'Id de la primera inscripción' }) id: number;
  @ApiProperty() queued: boolean;
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty({ type: [RegistrationResultDto] }) results: RegistrationResultDto[];
  @ApiProperty() totalRegistrations: number;
  @ApiProperty() totalQueued: number;
  @ApiProperty() message: string;
  @ApiProperty({
    example: 'R-000123',
    description: 'Referencia de la reserva (R- y el id de la primera inscripción); la busca el personal',
  })
  reference: string;
}

export class AdminRegistrationDto implements AdminRegistration {
  @ApiProperty() id: number;
  @ApiProperty() eventSessionId: number;
  @ApiProperty() eventId: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty() userTaxId: string;
  @ApiProperty({ type: String, nullable: true }) telephoneNumber: string | null;
  @ApiProperty({
    format: 'date-time',
    description: 'Cuándo se inscribió o entró en la lista de espera; una promoción no lo cambia',
  })
  registeredAt: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Cuándo se promovió desde la lista de espera; null si nunca',
  })
  promotedAt: string | null;
  @ApiProperty({
    enum: [0, 1, 2],
    description: '0 activa, 1 cancelada; 2 en lista de espera (solo en la búsqueda GET /events/registrations)',
  })
  status: 0 | 1 | 2;
  @ApiProperty({ enum: ['Active', 'Cancelled', 'Waiting'] }) statusText: 'Active' | 'Cancelled' | 'Waiting';
  @ApiProperty({ description: 'true: plaza reservada (Admin); false: en línea (Público)' }) usesReservedSpot: boolean;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ example: '2026-12-01 10:00-11:30' }) sessionInfo: string;
  @ApiProperty({ description: "'Asistió': entrada registrada en la puerta (y no anulada)" }) checkedIn: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) checkedInAt: string | null;
  @ApiProperty({
    enum: VISITOR_LANGUAGES,
    description: 'El idioma en que se inscribió (sus emails y SMS van en él); es en las del personal',
  })
  language: VisitorLanguage;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Posición en la lista de espera (status 2); null en las demás. Solo en la búsqueda',
  })
  queuePosition?: number | null;
}

export class RegistrationPageDto implements Paged<AdminRegistration> {
  @ApiProperty({ type: [AdminRegistrationDto] }) items: AdminRegistrationDto[];
  @ApiProperty() totalCount: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

const ATTENDEE_ERRORS = {
  description: 'Mensajes por persona: "0" la primera, "1" el acompañante',
  example: { '0': ['El DNI/NIE no es válido'] },
  type: 'object',
  additionalProperties: { type: 'array', items: { type: 'string' } },
} as const;

/** A public registration refused by the engine (blacklist, duplicate, full, closed, unknown session, too many
 * refusals): the common error body plus the title the booking page shows and, when it is about people, their
 * messages by attendee. */
export class RegistrationRefusalDto extends ApiErrorResponseDto {
  @ApiProperty({ example: 'Inscripción no realizada' }) title: string;
  @ApiPropertyOptional(ATTENDEE_ERRORS) attendeeErrors?: Record<string, string[]>;
}

/** Any other error of a registration call: a 400 from the engine's check of the attendees (title and
 * attendeeErrors) or from a body that is not an attendee at all (the validation pipe: errors by field, no title), a
 * 503. One schema with every field a registration error may carry, so a client reads them on any error. */
export class RegistrationErrorDto extends ApiErrorResponseDto {
  @ApiPropertyOptional({ description: 'Con attendeeErrors (comprobación de las personas)' }) title?: string;
  @ApiPropertyOptional(ATTENDEE_ERRORS) attendeeErrors?: Record<string, string[]>;
}

export class ManualRegistrationResponseDto implements ManualRegistrationResponse {
  @ApiProperty() id: number;
  @ApiProperty() queued: boolean;
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty() message: string;
}

/** No reserved spot left: nothing was written; the same call with forceQueue=true adds the person to the queue. */
export class ManualRegistrationConfirmationDto implements ManualRegistrationConfirmation {
  @ApiProperty({ enum: [true] }) requiresConfirmation: true;
  @ApiProperty({ enum: [true] }) reservedSpotsFull: true;
  @ApiProperty() message: string;
  @ApiProperty() currentQueueCount: number;
  @ApiProperty() maxQueueSpots: number;
}

export class CancellationPreviewDto implements CancellationPreview {
  @ApiProperty() registrationId: number;
  @ApiProperty() firstName: string;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ example: '2026-12-01', description: 'YYYY-MM-DD' }) startDate: string;
  @ApiProperty({ example: '10:00:00', description: 'HH:MM:SS' }) startTime: string;
  @ApiProperty({ example: '11:30:00', description: 'HH:MM:SS' }) endTime: string;
  @ApiProperty() isAllDay: boolean;
  @ApiProperty() queued: boolean;
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty({ type: String, nullable: true, description: "'Tu entrada': el código del QR; null en lista de espera" })
  ticketCode: string | null;
}
