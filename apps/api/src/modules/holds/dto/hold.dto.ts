import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, SESSION_TOKEN_LENGTH, TicketHoldRequest, TicketHoldResponse } from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../../common/http/api-error.dto';
import { fieldName, tooLongMessage } from '../../../common/http/field-labels';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class TicketHoldDto implements TicketHoldRequest {
  @ApiProperty({ example: 12 })
  @IsInt({ message: `${fieldName('eventSessionId').label} debe ser un número entero` })
  eventSessionId: number;

  @ApiProperty({
    example: '2b7c3c2e-6f1d-4c1e-9a43-1c1b5d7f9e21',
    description: 'Identificador aleatorio del navegador',
  })
  @IsString({ message: MESSAGES.booking.sessionTokenRequired })
  @IsNotEmpty({ message: MESSAGES.booking.sessionTokenRequired })
  @MinLength(SESSION_TOKEN_LENGTH.min, { message: MESSAGES.booking.sessionTokenInvalid })
  @MaxLength(SESSION_TOKEN_LENGTH.max, { message: MESSAGES.booking.sessionTokenInvalid })
  @Matches(/^[A-Za-z0-9_.:-]+$/, { message: MESSAGES.booking.sessionTokenInvalid })
  sessionToken: string;

  @ApiPropertyOptional({ example: 1, enum: [1, 2], default: 1 })
  @IsOptional()
  @IsIn([1, 2], { message: MESSAGES.booking.holdSpots })
  numberOfSpots?: number;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Siempre null' })
  @IsOptional()
  @IsString({ message: `${fieldName('userId').label} debe ser un texto o null` })
  @MaxLength(100, { message: tooLongMessage('userId', 100) })
  userId?: null;
}

export class TicketHoldResponseDto implements TicketHoldResponse {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Fin de la retención; pedirla otra vez con el mismo token no lo amplía',
  })
  expiresAt: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'Reloj del servidor al responder: la cuenta atrás es expiresAt - serverTime',
  })
  serverTime: string;
  @ApiProperty({ example: 12, description: 'Sesión de la retención' }) eventSessionId: number;
  @ApiProperty({ example: 1, enum: [1, 2], description: 'Plazas retenidas' }) numberOfSpots: number;
}

/** POST /api/ticketholds/expire: the token's holds released now. */
export class HoldReleaseResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'Reserva liberada' }) message: string;
  @ApiProperty({ description: 'Plazas liberadas (0 si el token no retenía ninguna)', example: 1 }) released: number;
}

/** A hold refused by the engine: the common error body plus the hold's own fields, as the booking page reads them. */
export class HoldRefusalDto extends ApiErrorResponseDto {
  @ApiProperty({ enum: [false] }) success: false;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, enum: [null], description: 'Siempre null' })
  expiresAt: null;
  @ApiProperty({ type: String, format: 'date-time', description: 'Reloj del servidor al responder' })
  serverTime: string;
}

/** Any other error of a hold call (a body that is not a hold, a 503): the hold's fields are absent there, but a
 * client may read them on any error. */
export class HoldErrorDto extends ApiErrorResponseDto {
  @ApiPropertyOptional({ enum: [false] }) success?: false;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, enum: [null] }) expiresAt?: null;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) serverTime?: string;
}
