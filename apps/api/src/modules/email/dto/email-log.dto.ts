import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../common/http/page-query.dto';
import { EMAIL_MESSAGES, EmailLogEntry, EmailLogPage, EmailStatus, EmailType } from '@evreg/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const M = EMAIL_MESSAGES;

export class EmailLogEventDto {
  @ApiProperty({ example: 'Concierto de Año Nuevo' }) title: string;
  @ApiProperty({ example: 'Madrid' }) city: string;
  @ApiProperty({ example: 'Spain' }) country: string;
}

export class EmailLogEntryDto implements EmailLogEntry {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'ana@example.com' }) emailAddress: string;
  @ApiProperty({ example: 'Ana García' }) recipientName: string;
  @ApiProperty({ type: String, nullable: true, example: '12345678Z' }) userTaxId: string | null;
  @ApiProperty({
    type: EmailLogEventDto,
    nullable: true,
    description: 'null si el evento se eliminó o el email no trata de ninguno',
  })
  event: EmailLogEventDto | null;
  @ApiProperty({ enum: [0, 1, 2], description: '0 pendiente, 1 enviado, 2 fallido' }) status: EmailStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Respuesta del servidor SMTP o motivo por el que no se envió',
  })
  errorMessage: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
  @ApiProperty({
    enum: ['Registration', 'Queue', 'Promotion', 'Reminder', 'Cancellation', 'Blacklist', 'Notification', 'Test'],
  })
  emailType: EmailType;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: 1, description: 'Intentos de envío hechos' }) attempts: number;
}

export class EmailLogPageDto implements EmailLogPage {
  @ApiProperty({ type: [EmailLogEntryDto] }) data: EmailLogEntryDto[];
  @ApiProperty({ example: 42 }) totalCount: number;
  @ApiProperty({ example: 3 }) totalPages: number;
  @ApiProperty() hasPreviousPage: boolean;
  @ApiProperty() hasNextPage: boolean;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) pageSize: number;
}

export class ListEmailLogsQueryDto extends PageQuery({ defaultSize: 20, maxSize: 100, messages: M }) {
  @ApiPropertyOptional({
    description: 'Email, nombre, DNI/NIE, título del evento o tipo (sin distinguir mayúsculas)',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class DeletedEmailLogsDto {
  @ApiProperty({ example: '12 registros de email eliminados' }) message: string;
  @ApiProperty({ example: 12 }) deleted: number;
}
