import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_TOKEN_NAME_MAX,
  ApiToken,
  CreateApiTokenRequest,
  CreatedApiToken,
  MESSAGES,
  PermissionName,
  PERMISSIONS,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';

export class ApiTokenDto implements ApiToken {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Integración taquilla' }) name: string;
  @ApiProperty({
    enum: PERMISSIONS,
    enumName: 'PermissionName',
    isArray: true,
    example: ['Events.Read'],
    description: 'Los que se le dieron; al usarlo concede solo los que su creador conserve',
  })
  permissions: PermissionName[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: no caduca' })
  expiresAt: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Último uso, con precisión de un minuto',
  })
  lastUsedAt: string | null;
  @ApiProperty({ format: 'uuid' }) createdById: string;
  @ApiProperty({ example: 'ana@example.com' }) createdByEmail: string;
  @ApiProperty({ type: String, nullable: true, example: 'Ana García' }) createdByName: string | null;
}

export class CreatedApiTokenDto extends ApiTokenDto implements CreatedApiToken {
  @ApiProperty({
    example: 'evr_3q2x…',
    description: 'El token: se muestra solo en esta respuesta (se guarda únicamente su hash)',
  })
  token: string;
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateApiTokenDto implements CreateApiTokenRequest {
  @ApiProperty({ maxLength: API_TOKEN_NAME_MAX, example: 'Integración taquilla' })
  @Transform(trim)
  @IsString({ message: MESSAGES.apiToken.nameRequired })
  @IsNotEmpty({ message: MESSAGES.apiToken.nameRequired })
  @MaxLength(API_TOKEN_NAME_MAX, { message: MESSAGES.apiToken.nameLength })
  name: string;

  @ApiProperty({
    enum: PERMISSIONS,
    enumName: 'PermissionName',
    isArray: true,
    example: ['Events.Read'],
    description: 'Al menos uno, y solo de los que tiene quien lo crea',
  })
  @IsArray({ message: MESSAGES.apiToken.permissionsList })
  @ArrayUnique({ message: MESSAGES.apiToken.permissionsList })
  @ArrayMaxSize(PERMISSIONS.length, { message: MESSAGES.apiToken.permissionsList })
  @IsString({ each: true, message: MESSAGES.apiToken.permissionsList })
  permissions: PermissionName[];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Futura; sin ella (o null) no caduca',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: MESSAGES.apiToken.expiresAtInvalid })
  expiresAt?: string | null;
}
