import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AssignRoleRequest,
  CreateUserRequest,
  CreateUserResponse,
  MESSAGES,
  ResetPasswordRequest,
  ResetPasswordResponse,
  UpdateUserRequest,
  User,
} from '@evreg/contracts';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { UserListItemDto } from './user-list.dto';
import { IsEmailAddress, IsPersonName } from '../../../common/http/validators';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A user with the permissions of their roles: the list's row (user-list.dto.ts) and one more field. */
export class UserDto extends UserListItemDto implements User {
  @ApiProperty({ type: [String], description: 'Permisos de sus roles' }) permissions: string[];
}

export class CreateUserResponseDto extends UserDto implements CreateUserResponse {
  @ApiProperty({ description: 'Contraseña temporal: se muestra una sola vez' }) temporaryPassword: string;
}

export class ResetPasswordResponseDto implements ResetPasswordResponse {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: 'La contraseña temporal (o la indicada): se muestra una sola vez' })
  temporaryPassword: string;
}

class UserFieldsDto {
  @ApiProperty({ example: 'ana@example.com' })
  @Transform(trim)
  @IsEmailAddress({ message: MESSAGES.user.emailInvalid })
  @IsNotEmpty({ message: MESSAGES.user.emailRequired })
  email: string;

  @ApiProperty({ example: 'Ana' })
  @Transform(trim)
  @IsString({ message: MESSAGES.user.firstNameRequired })
  @IsNotEmpty({ message: MESSAGES.user.firstNameRequired })
  @MaxLength(100, { message: 'Nombre no puede superar 100 caracteres' })
  @IsPersonName({ message: MESSAGES.booking.firstNameInvalid })
  firstName: string;

  @ApiProperty({ example: 'García' })
  @Transform(trim)
  @IsString({ message: MESSAGES.user.lastNameRequired })
  @IsNotEmpty({ message: MESSAGES.user.lastNameRequired })
  @MaxLength(100, { message: 'Apellido no puede superar 100 caracteres' })
  @IsPersonName({ message: MESSAGES.booking.lastNameInvalid })
  lastName: string;
}

export class CreateUserDto extends UserFieldsDto implements CreateUserRequest {
  @ApiProperty({ example: 1 })
  @IsInt({ message: 'Departamento no es válido' })
  @IsNotEmpty({ message: MESSAGES.user.departmentRequired })
  departmentId: number;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Rol no es válido' })
  @IsNotEmpty({ message: MESSAGES.user.roleRequired })
  roleId: string;
}

export class UpdateUserDto extends UserFieldsDto implements UpdateUserRequest {
  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsInt({ message: 'Departamento no es válido' })
  departmentId?: number | null;

  @ApiPropertyOptional({ format: 'uuid', description: 'Si se indica, sustituye el rol del usuario' })
  @IsOptional()
  @IsUUID('all', { message: 'Rol no es válido' })
  roleId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'mustChangePassword debe ser true o false' })
  mustChangePassword?: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'emailConfirmed debe ser true o false' })
  emailConfirmed?: boolean;
  @ApiPropertyOptional({ description: 'true bloquea la cuenta (y cierra sus sesiones) hasta que se desbloquee' })
  @IsOptional()
  @IsBoolean({ message: 'lockoutEnabled debe ser true o false' })
  lockoutEnabled?: boolean;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Usuario no es válido' })
  userId: string;

  @ApiPropertyOptional({ description: 'Vacía: el servidor genera una temporal', minLength: 6 })
  @IsOptional()
  @ValidateIf((_o, v) => v !== '')
  @IsString({ message: MESSAGES.password.min })
  @MinLength(6, { message: MESSAGES.password.min })
  @MaxLength(256)
  newPassword?: string;
}

export class AssignRoleDto implements AssignRoleRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Usuario no es válido' })
  userId: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Rol no es válido' })
  roleId: string;
}
