import { ApiProperty } from '@nestjs/swagger';
import type { CurrentUser, LoginResponse, PermissionName, RefreshResponse } from '@evreg/contracts';

export class RefreshResponseDto implements RefreshResponse {
  @ApiProperty() accessToken: string;
  @ApiProperty({ format: 'date-time' }) accessTokenExpiresAt: string;
}

export class LoginResponseDto extends RefreshResponseDto implements LoginResponse {
  @ApiProperty({ description: 'Token opaco para POST /api/auth/refresh' }) refreshToken: string;
  @ApiProperty({ format: 'date-time' }) refreshTokenExpiresAt: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ type: Number, nullable: true }) departmentId: number | null;
  @ApiProperty({ type: [String], example: ['Administrador'] }) roles: string[];
  @ApiProperty() mustChangePassword: boolean;
}

export class CurrentUserDto implements CurrentUser {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: Number, nullable: true }) departmentId: number | null;
  @ApiProperty({ type: String, nullable: true }) departmentName: string | null;
  @ApiProperty({ type: [String] }) roles: string[];
  @ApiProperty({ type: [String], example: ['Users.Read', 'Events.Read'] }) permissions: PermissionName[];
  @ApiProperty() mustChangePassword: boolean;
}
