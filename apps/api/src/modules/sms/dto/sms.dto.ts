import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../common/http/page-query.dto';
import {
  SMS_LIMITS,
  SMS_MESSAGES,
  SmsLogEntry,
  SmsLogPage,
  SmsSettings,
  SmsStatusText,
  SmsTotalCost,
  UpdateSmsSettingsRequest,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';

const M = SMS_MESSAGES;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An alphanumeric sender (11 characters at most: letters, digits, spaces) or a numeric one (up to 15 digits,
 * optional +). Empty is allowed while SMS is disabled. */
const SENDER = /^(?:[A-Za-z0-9 ]{1,11}|\+?\d{1,15})$/;

/** 'YYYY-MM-DD' (a whole day in Europe/Madrid) or an ISO 8601 date-time with its offset (that instant). */
export const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

function IsDateOrInstant(message: string) {
  return ValidateBy(
    {
      name: 'isDateOrInstant',
      validator: {
        validate: (value) =>
          typeof value === 'string' && DATE_OR_INSTANT.test(value) && !Number.isNaN(Date.parse(value)),
      },
    },
    { message },
  );
}

export class SmsSettingsDto implements SmsSettings {
  @ApiProperty({ default: false }) smsEnabled: boolean;
  @ApiProperty({ example: 'EVENTOS', maxLength: SMS_LIMITS.senderMax }) senderName: string;
  @ApiProperty({ description: 'Hay un token de Netelip guardado (el token nunca se devuelve)' }) hasToken: boolean;
}

export class UpdateSmsSettingsDto implements UpdateSmsSettingsRequest {
  @ApiProperty()
  @IsDefined({ message: M.smsEnabledInvalid })
  @IsBoolean({ message: M.smsEnabledInvalid })
  smsEnabled: boolean;

  @ApiProperty({
    example: 'EVENTOS',
    description: 'Hasta 11 letras, números o espacios, o un número de hasta 15 cifras; requerido para habilitar',
  })
  @Transform(trim)
  @IsString({ message: M.senderInvalid })
  @ValidateBy(
    {
      name: 'isSmsSender',
      validator: { validate: (value) => value === '' || (typeof value === 'string' && SENDER.test(value)) },
    },
    { message: M.senderInvalid },
  )
  senderName: string;

  @ApiPropertyOptional({
    writeOnly: true,
    description: 'Solo para cambiarlo: vacío u omitido conserva el guardado. Se guarda cifrado y nunca se devuelve',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: M.tokenTooLong })
  netelipToken?: string;
}

export class SmsLogEntryDto implements SmsLogEntry {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: '600123456' }) phoneNumber: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ['Pending', 'Sent', 'Failed'], description: 'Pendiente, Enviado, Fallido' })
  status: SmsStatusText;
  @ApiProperty({ example: 0.1, description: 'Euros (estimado): partes × 0,10; 0 si falló' }) cost: number;
  @ApiProperty({ example: 1 }) parts: number;
  @ApiProperty({ example: 'Ana García', description: "Quien lo envió, o 'Sistema'" }) sentBy: string;
  @ApiProperty({ type: String, nullable: true }) errorMessage: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ID-SMS de Netelip' }) providerId: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
}

export class SmsLogPageDto implements SmsLogPage {
  @ApiProperty({ type: [SmsLogEntryDto] }) data: SmsLogEntryDto[];
  @ApiProperty() totalCount: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

export class SmsLogQueryDto extends PageQuery({ defaultSize: 50, maxSize: 200, messages: M }) {
  @ApiPropertyOptional({ description: 'Teléfono, mensaje o remitente (sin distinguir mayúsculas)', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class SmsTotalCostQueryDto {
  @ApiPropertyOptional({
    example: '2026-01-01',
    description: 'AAAA-MM-DD (desde el inicio de ese día en Europe/Madrid) o fecha-hora ISO con zona',
  })
  @IsOptional()
  @IsDateOrInstant(M.startDateInvalid)
  startDate?: string;

  @ApiPropertyOptional({
    example: '2026-01-31',
    description: 'AAAA-MM-DD (hasta el final de ese día en Europe/Madrid) o fecha-hora ISO con zona',
  })
  @IsOptional()
  @IsDateOrInstant(M.endDateInvalid)
  endDate?: string;
}

export class SmsTotalCostDto implements SmsTotalCost {
  @ApiProperty({ example: 1.2, description: 'Euros (estimado) de los SMS enviados en el periodo' }) totalCost: number;
}

export class DeletedCountDto {
  @ApiProperty({ example: 12 }) deletedCount: number;
}
