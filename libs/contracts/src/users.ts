export interface User {
  id: string;
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  roles: string[];
  permissions: string[];
  mustChangePassword: boolean;
  emailConfirmed: boolean;
  lockoutEnabled: boolean;
  lockoutEnd: string | null;
  createdAt: string;
}

/** A user as the paged list answers it (`GET /api/user?page=…`): without the permissions, which the list
 * doesn't show (docs/domain.md, "Lists at real sizes"). */
export type UserListItem = Omit<User, 'permissions'>;

export interface CreateUserRequest {
  email: string;
  firstName: string;
  lastName: string;
  departmentId: number;
  roleId: string;
}

export interface CreateUserResponse extends User {
  temporaryPassword: string;
}

export interface UpdateUserRequest {
  email: string;
  firstName: string;
  lastName: string;
  departmentId?: number | null;
  roleId?: string;
  mustChangePassword?: boolean;
  emailConfirmed?: boolean;
  lockoutEnabled?: boolean;
}

export interface ResetPasswordRequest {
  userId: string;
  newPassword?: string;
}

export interface ResetPasswordResponse {
  userId: string;
  temporaryPassword: string;
}

export interface AssignRoleRequest {
  userId: string;
  roleId: string;
}
