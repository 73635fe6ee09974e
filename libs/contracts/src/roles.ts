export interface Permission {
  id: number;
  name: string;
  description: string;
  resource: string;
  action: string;
}

export interface Role {
  id: string;
  name: string;
  description: string | null;
  permissions: Permission[];
  isSystemRole: boolean;
  createdAt: string;
}

export interface RolePayload {
  name: string;
  description?: string | null;
  permissionIds: number[];
}
