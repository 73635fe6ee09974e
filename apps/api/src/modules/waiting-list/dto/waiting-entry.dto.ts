import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { MESSAGES, WaitingEntry } from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsEmailAddress, IsPersonName, IsPhoneNumber } from '../../../common/http/validators';

const b = MESSAGES.booking;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Trimmed; an empty text means "none". */
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** Named in the OpenAPI document as before the code's rename (docs/architecture.md, "Words"). */
@ApiSchema({ name: 'QueueEntryDto' })
export class WaitingEntryDto implements WaitingEntry {
  @ApiProperty({ example: 41 }) id: number;
  @ApiProperty({ example: 12 }) eventSessionId: number;
  @ApiProperty({ example: 1, description: 'Posición en la lista: exactamente 1..n' }) queuePosition: number;
  @ApiProperty({ example: 'Ana' }) firstName: string;
  @ApiProperty({ example: 'García López' }) lastName: string;
  @ApiProperty({ example: 'ana@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: '+34 600 000 000' }) phoneNumber: string | null;
  @ApiProperty({ example: '12345678Z' }) userTaxId: string;
  @ApiProperty({ enum: [0], description: '0 = en espera' }) status: 0;
  @ApiProperty({ format: 'date-time', description: 'Cuándo entró en la lista' }) queuedAt: string;
}

@ApiSchema({ name: 'PromoteQueueEntryResponseDto' })
export class PromoteWaitingEntryResponseDto {
  @ApiProperty({ example: 'Persona promovida exitosamente' }) message: string;
  @ApiProperty({ example: 41, description: 'La misma id: la entrada pasa a ser un registro activo' })
  registrationId: number;
}

@ApiSchema({ name: 'UpdateQueueEntryDto' })
export class UpdateWaitingEntryDto {
  @ApiProperty({ example: 'Ana', maxLength: 100 })
  @Transform(trim)
  @IsString({ message: b.firstNameRequired })
  @IsNotEmpty({ message: b.firstNameRequired })
  @MaxLength(100, { message: b.firstNameTooLong })
  @IsPersonName({ message: b.firstNameInvalid })
  firstName: string;

  @ApiProperty({ example: 'García López', maxLength: 150 })
  @Transform(trim)
  @IsString({ message: b.lastNameRequired })
  @IsNotEmpty({ message: b.lastNameRequired })
  @MaxLength(150, { message: b.lastNameTooLong })
  @IsPersonName({ message: b.lastNameInvalid })
  lastName: string;

  @ApiProperty({ example: 'ana@example.com', description: 'Se guarda en minúsculas' })
  @Transform(trim)
  @IsString({ message: b.emailRequired })
  @IsNotEmpty({ message: b.emailRequired })
  @IsEmailAddress({ message: b.emailInvalid })
  email: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '+34 600 000 000',
    description: 'Omitido: se mantiene; null o vacío lo quita',
  })
  @Transform(trimToNull)
  @IsOptional()
  @IsPhoneNumber({ message: b.phoneInvalid })
  @MaxLength(30, { message: b.phoneInvalid })
  phoneNumber?: string | null;

  @ApiProperty({
    example: '12345678Z',
    description:
      'DNI o NIE válido (se guarda sin espacios, puntos ni guiones, en mayúsculas). Si la entrada ya tenía un documento que no es DNI/NIE (pasaporte), se admite otro documento no vacío',
  })
  @Transform(trim)
  @IsString({ message: b.taxIdRequired })
  @IsNotEmpty({ message: b.taxIdRequired })
  @MaxLength(30, { message: b.taxIdTooLong })
  userTaxId: string;
}

/** A waiting list holds at most the largest global queue limit a setting accepts. */
export const REORDER_MAX_IDS = 100_000;

@ApiSchema({ name: 'ReorderQueueDto' })
export class ReorderWaitingListDto {
  @ApiProperty({ example: 12 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  eventSessionId: number;

  @ApiProperty({
    type: [Number],
    example: [43, 41, 42],
    description: 'Las ids de todas las personas en espera de la sesión, en el nuevo orden',
  })
  @IsArray()
  @ArrayMaxSize(REORDER_MAX_IDS)
  @IsInt({ each: true })
  queueIds: number[];
}
