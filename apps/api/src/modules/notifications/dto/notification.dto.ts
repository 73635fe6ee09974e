import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  NotificationResult,
  NotificationType,
  SMS_LIMITS,
  SMS_MESSAGES,
  SendNotificationRequest,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

const M = SMS_MESSAGES;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SendNotificationDto implements SendNotificationRequest {
  @ApiProperty({ enum: [0, 1], description: '0 SMS, 1 Email' })
  @IsIn([0, 1], { message: M.typeInvalid })
  type: NotificationType;

  @ApiPropertyOptional({
    description: `SMS: requerido, máximo ${SMS_LIMITS.messageMax} caracteres (el sistema añade título, fecha y hora del evento, hasta ${SMS_LIMITS.total} en total). Email: el texto, si no se elige plantilla`,
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(10_000, { message: M.emailMessageTooLong })
  message?: string;

  @ApiPropertyOptional({ description: 'Email: plantilla a usar (en lugar de un mensaje)' })
  @IsOptional()
  @IsInt({ message: M.templateInvalid })
  @Min(1, { message: M.templateInvalid })
  emailTemplateId?: number;

  @ApiPropertyOptional({
    description: "Email con mensaje: asunto (por defecto, 'Información sobre' y el título del evento)",
    maxLength: 200,
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: M.subjectTooLong })
  subject?: string;
}

export class NotificationResultDto implements NotificationResult {
  @ApiProperty({ description: 'Todos los mensajes se aceptaron para su envío' }) success: boolean;
  @ApiProperty({ description: 'Inscripciones activas del evento o la sesión' }) totalRecipients: number;
  @ApiProperty({
    description: 'Mensajes aceptados para su envío (el resultado de cada uno se ve en el registro de SMS o de emails)',
  })
  successCount: number;
  @ApiProperty({ description: 'Personas a las que no se pudo enviar (p. ej. sin teléfono)' }) failedCount: number;
  @ApiProperty({ example: 0.3, description: 'Coste estimado en euros de los SMS aceptados (0 para email)' })
  totalCost: number;
  @ApiProperty({ type: [String] }) errors: string[];
}
