import { ERROR_CODES } from '@evreg/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI description of every error body (the exception filter writes it). */
export class ApiErrorResponseDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({
    example: 'VALIDATION_FAILED',
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    description: 'Código estable para programas; cada código va siempre con el mismo estado HTTP',
  })
  code: string;

  @ApiProperty({ example: 'Email es requerido', description: 'Mensaje en español, nombra el campo cuando procede' })
  message: string;

  @ApiPropertyOptional({
    description: 'Mensajes por campo',
    example: { email: ['Email es requerido'] },
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  })
  errors?: Record<string, string[]>;
}
