import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EVENT_DEFAULTS,
  EVENT_STATUS,
  EventPayload,
  EventStatusCode,
  EventTranslations,
  isPlausiblePhone,
  isValidEmail,
  MESSAGES,
  ORGANIZER_LIMITS,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { EventTranslationsDto, TRANSLATIONS_DESCRIPTION } from './views.dto';
import {
  Allow,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';

const MAX_INT = 2_147_483_647;
const M = MESSAGES.events;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty form field is an absent one. */
const emptyAsAbsent = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' || trimmed === null ? undefined : trimmed;
};

/** An IANA zone name (Europe/Madrid, UTC): not an offset, which PostgreSQL would read with POSIX's inverted sign. */
export function isTimeZoneName(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An http(s) URL, or a path on this site ('/img/banner.jpg'; not '//host', which is another site). */
export function isImageUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s|\\/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An http(s) URL with a host: the organiser's web page, linked from the booking page and the e-mails. */
export function isWebsiteUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s|\\/.test(value)) return false;
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// The organiser's contact: a too long value is answered with its limit, not as malformed (MaxLength is listed last
// so class-validator reports it first).

/** A blank optional text is null (the form's cleared field); anything else trimmed. */
const blankAsNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? null : trim({ value });

const IsOrganizerEmail = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isOrganizerEmail', validator: { validate: (v) => typeof v === 'string' && isValidEmail(v) } },
    options,
  );
const IsPlausiblePhone = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isPlausiblePhone', validator: { validate: (v) => typeof v === 'string' && isPlausiblePhone(v) } },
    options,
  );
const IsWebsiteUrl = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isWebsiteUrl', validator: { validate: isWebsiteUrl } }, options);
const IsTimeZoneName = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isTimeZoneName', validator: { validate: isTimeZoneName } }, options);
const IsImageUrl = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isImageUrl', validator: { validate: isImageUrl } }, options);

/** The fields of POST and PUT except the id. Each type check sits next to its property: class-validator reports
 * that constraint first, so a wrong type is not answered as a length or range problem. */
class EventFieldsDto {
  @ApiProperty({ maxLength: 300, example: 'Concierto de primavera' })
  @Transform(trim)
  @IsNotEmpty({ message: M.titleRequired })
  @MaxLength(300, { message: M.titleTooLong })
  @IsString({ message: M.titleRequired })
  title: string;

  @ApiProperty({
    description: 'HTML: se guarda saneado (p, strong, a, ul, ol, li, br, em, u, h1-h6; atributos href, target, rel)',
  })
  @Transform(trim)
  @IsNotEmpty({ message: M.descriptionRequired })
  @MaxLength(100_000, { message: M.descriptionTooLong })
  @IsString({ message: M.descriptionRequired })
  description: string;

  @ApiProperty({ example: 1 })
  @Transform(emptyAsAbsent)
  @IsDefined({ message: M.categoryRequired })
  @Min(1, { message: M.categoryNotFound })
  @Max(MAX_INT, { message: M.categoryNotFound })
  @IsInt({ message: M.categoryNotFound })
  eventCategoryId: number;

  @ApiPropertyOptional({ default: EVENT_DEFAULTS.country, maxLength: 100 })
  @Transform(emptyAsAbsent)
  @IsOptional()
  @MaxLength(100, { message: M.countryTooLong })
  @IsString({ message: M.countryTooLong })
  country?: string;

  @ApiProperty({ maxLength: 100, example: 'Madrid' })
  @Transform(trim)
  @IsNotEmpty({ message: M.cityRequired })
  @MaxLength(100, { message: M.cityTooLong })
  @IsString({ message: M.cityRequired })
  city: string;

  @ApiPropertyOptional({ maxLength: 300, default: '' })
  @Transform(trim)
  @IsOptional()
  @MaxLength(300, { message: M.addressTooLong })
  @IsString({ message: M.addressTooLong })
  address?: string;

  @ApiProperty({ maxLength: 200, example: 'Auditorio municipal' })
  @Transform(trim)
  @IsNotEmpty({ message: M.placeRequired })
  @MaxLength(200, { message: M.placeTooLong })
  @IsString({ message: M.placeRequired })
  place: string;

  @ApiProperty({ maxLength: 20, example: '28001' })
  @Transform(trim)
  @IsNotEmpty({ message: M.postalCodeRequired })
  @MaxLength(20, { message: M.postalCodeTooLong })
  @IsString({ message: M.postalCodeRequired })
  postalCode: string;

  @ApiPropertyOptional({
    enum: Object.values(EVENT_STATUS),
    default: EVENT_STATUS.Draft,
    description: '0 Borrador, 1 Publicado, 5 Cancelado',
  })
  @IsOptional()
  @IsIn(Object.values(EVENT_STATUS), { message: M.statusInvalid })
  status?: EventStatusCode;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: M.isPublicInvalid })
  isPublic?: boolean;

  @ApiPropertyOptional({ default: 0, minimum: 0, description: 'Euros, como máximo 2 decimales; 0 es gratis' })
  @IsOptional()
  @Min(0, { message: M.priceInvalid })
  @Max(99_999_999.99, { message: M.priceTooHigh })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: M.priceInvalid })
  price?: number;

  @ApiProperty({ maxLength: ORGANIZER_LIMITS.name, example: 'Ayuntamiento' })
  @Transform(trim)
  @IsNotEmpty({ message: M.organizerNameRequired })
  @MaxLength(ORGANIZER_LIMITS.name, { message: M.organizerNameTooLong })
  @IsString({ message: M.organizerNameRequired })
  organizerName: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: ORGANIZER_LIMITS.email,
    example: 'cultura@madrid.example',
    description: 'Contacto del organizador (página de reservas y emails); vacío o null lo borra',
  })
  @Transform(blankAsNull)
  @IsOptional()
  @IsOrganizerEmail({ message: M.organizerEmailInvalid })
  @MaxLength(ORGANIZER_LIMITS.email, { message: M.organizerEmailTooLong })
  @IsString({ message: M.organizerEmailInvalid })
  organizerEmail?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: ORGANIZER_LIMITS.phone,
    example: '+34 915 555 555',
    description: '9 a 15 cifras, con + o 00 delante si es internacional; vacío o null lo borra',
  })
  @Transform(blankAsNull)
  @IsOptional()
  @IsPlausiblePhone({ message: M.organizerPhoneInvalid })
  @MaxLength(ORGANIZER_LIMITS.phone, { message: M.organizerPhoneTooLong })
  @IsString({ message: M.organizerPhoneInvalid })
  organizerPhone?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: ORGANIZER_LIMITS.website,
    example: 'https://cultura.madrid.example',
    description: 'URL http(s); vacío o null lo borra',
  })
  @Transform(blankAsNull)
  @IsOptional()
  @IsWebsiteUrl({ message: M.organizerWebsiteInvalid })
  @MaxLength(ORGANIZER_LIMITS.website, { message: M.organizerWebsiteTooLong })
  @IsString({ message: M.organizerWebsiteInvalid })
  organizerWebsite?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @Min(-MAX_INT, { message: M.organizerIdInvalid })
  @Max(MAX_INT, { message: M.organizerIdInvalid })
  @IsInt({ message: M.organizerIdInvalid })
  organizerId?: number | null;

  @ApiPropertyOptional({
    default: EVENT_DEFAULTS.timeZone,
    description: 'Zona horaria IANA; las sesiones se fechan en ella',
  })
  @Transform(emptyAsAbsent)
  @IsOptional()
  @IsTimeZoneName({ message: M.timeZoneInvalid })
  timeZone?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 1000,
    description: 'URL http(s) o ruta que empieza por /',
  })
  @Transform(blankAsNull)
  @IsOptional()
  @MaxLength(1000, { message: M.imageUrlInvalid })
  @IsImageUrl({ message: M.imageUrlInvalid })
  imageUrl?: string | null;

  @ApiPropertyOptional({
    type: EventTranslationsDto,
    description: `${TRANSLATIONS_DESCRIPTION}. Un idioma que no sea ca, eu, gl o en, o un campo que no sea title o description, es un 400 que nombra el campo. Al editar, omitido se conserva; {} las borra`,
  })
  @Allow()
  translations?: EventTranslations;
}

export class CreateEventDto extends EventFieldsDto implements EventPayload {
  @ApiProperty({ minimum: 1, example: 1042, description: 'Id del sistema de contenidos externo' })
  @Transform(emptyAsAbsent)
  @IsDefined({ message: M.idRequired })
  @Min(1, { message: M.idInvalid })
  @Max(MAX_INT, { message: M.idInvalid })
  @IsInt({ message: M.idInvalid })
  id: number;
}

/** PUT: the same form; an omitted optional field keeps its value, null clears imageUrl, organizerId and the
 * organiser's contact. */
export class UpdateEventDto extends EventFieldsDto implements Omit<EventPayload, 'id'> {
  @ApiPropertyOptional({ description: 'Si se envía, debe ser el de la ruta: el id no cambia' })
  @Transform(emptyAsAbsent)
  @IsOptional()
  @IsInt({ message: M.idInvalid })
  id?: number;
}
