import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EMAIL_MESSAGES, EmailSettings, UpdateEmailSettingsRequest } from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '../../../common/http/validators';

const M = EMAIL_MESSAGES;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** The back office may send booleans as the server answers them: "true" / "false". */
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,5}$/.test(value.trim()) ? Number(value) : value;

export class EmailSettingsDto implements EmailSettings {
  @ApiProperty({ enum: ['true', 'false'], description: 'Booleano como texto (como lo define la especificación)' })
  emailEnabled: 'true' | 'false';
  @ApiProperty({ example: 'smtp.example.com' }) smtpHost: string;
  @ApiProperty({ example: 587 }) smtpPort: number;
  @ApiProperty({ example: 'usuario@example.com' }) smtpUsername: string;
  @ApiProperty({
    enum: ['true', 'false'],
    description: 'true: conexión cifrada obligatoria (TLS directo en el puerto 465, STARTTLS en los demás)',
  })
  smtpUseSsl: 'true' | 'false';
  @ApiProperty({ example: 'inscripciones@example.com' }) emailFromAddress: string;
  @ApiProperty({ example: 'Inscripciones' }) emailFromName: string;
  @ApiProperty({
    example: 'https://reservas.example.com',
    description: 'Base de los enlaces de los emails (cancelación). Vacío: PUBLIC_BASE_URL',
  })
  baseUrl: string;
  @ApiProperty({
    enum: ['true', 'false'],
    description: 'Si hay una contraseña SMTP guardada (la contraseña nunca se devuelve)',
  })
  hasSmtpPassword: 'true' | 'false';
}

export class UpdateEmailSettingsDto implements UpdateEmailSettingsRequest {
  @ApiProperty({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] })
  @Transform(toBool)
  @IsBoolean({ message: M.emailEnabledInvalid })
  emailEnabled: boolean;

  @ApiPropertyOptional({ example: 'smtp.example.com', maxLength: 255, description: 'Omitido: se conserva' })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: M.smtpHostInvalid })
  @MaxLength(255, { message: M.smtpHostInvalid })
  @Matches(/^[^\s/:@]*$/, { message: M.smtpHostInvalid })
  smtpHost?: string;

  @ApiPropertyOptional({ example: 587, default: 587 })
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: M.smtpPortInvalid })
  @Min(1, { message: M.smtpPortInvalid })
  @Max(65535, { message: M.smtpPortInvalid })
  smtpPort?: number;

  @ApiPropertyOptional({ maxLength: 255, description: 'Vacío: sin autenticación' })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(255, { message: M.smtpUsernameTooLong })
  smtpUsername?: string;

  @ApiPropertyOptional({
    format: 'password',
    writeOnly: true,
    maxLength: 500,
    description: 'Solo para cambiarla: vacía u omitida conserva la actual',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: M.smtpPasswordTooLong })
  smtpPassword?: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }], default: true })
  @Transform(toBool)
  @IsOptional()
  @IsBoolean({ message: M.smtpUseSslInvalid })
  smtpUseSsl?: boolean;

  @ApiPropertyOptional({ example: 'inscripciones@example.com' })
  @Transform(trim)
  @IsOptional()
  @ValidateIf((_o, value) => value !== '')
  @IsEmailAddress({ message: M.fromAddressInvalid })
  emailFromAddress?: string;

  @ApiPropertyOptional({ example: 'Inscripciones', maxLength: 200 })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: M.fromNameTooLong })
  emailFromName?: string;

  @ApiPropertyOptional({ example: 'https://reservas.example.com', description: 'Vacío: PUBLIC_BASE_URL' })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: M.baseUrlInvalid })
  @MaxLength(500, { message: M.baseUrlInvalid })
  @Matches(/^(|https?:\/\/[^\s?#]+)$/i, { message: M.baseUrlInvalid })
  baseUrl?: string;
}
