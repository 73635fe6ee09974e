import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, Permission, Role, RolePayload } from '@evreg/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';

export class PermissionDto implements Permission {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Users.Read' }) name: string;
  @ApiProperty({ example: 'Ver usuarios' }) description: string;
  @ApiProperty({ example: 'Users' }) resource: string;
  @ApiProperty({ example: 'Read' }) action: string;
}

export class RoleDto implements Role {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Taquilla' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [PermissionDto] }) permissions: PermissionDto[];
  @ApiProperty() isSystemRole: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SaveRoleDto implements RolePayload {
  @ApiProperty({ example: 'Taquilla' })
  @Transform(trim)
  @IsString({ message: MESSAGES.role.nameRequired })
  @IsNotEmpty({ message: MESSAGES.role.nameRequired })
  @MaxLength(100, { message: 'El nombre del rol no puede superar 100 caracteres' })
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'La descripción debe ser un texto' })
  @MaxLength(500, { message: 'La descripción no puede superar 500 caracteres' })
  description?: string | null;

  @ApiProperty({ type: [Number], example: [1, 2] })
  @IsArray({ message: 'permissionIds debe ser una lista de identificadores de permiso' })
  @ArrayUnique({ message: 'permissionIds no puede tener permisos repetidos' })
  @ArrayMaxSize(200)
  @IsInt({ each: true, message: 'permissionIds debe contener identificadores numéricos' })
  permissionIds: number[];
}
