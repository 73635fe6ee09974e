import type { PermissionName } from './permissions';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
  userId: string;
  departmentId: number | null;
  roles: string[];
  mustChangePassword: boolean;
}

export interface RefreshResponse {
  accessToken: string;
  accessTokenExpiresAt: string;
}

export interface LogoutRequest {
  refreshToken?: string;
}

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  roles: string[];
  permissions: PermissionName[];
  mustChangePassword: boolean;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const MIN_PASSWORD_LENGTH = 6;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
