/** Permissions are 'Resource.Action' strings (docs/product.md §6). This list is the single source of truth: the API
 * seeds it and guards routes with it, the back office shows menus and buttons from it. */
const CRUD = ['Create', 'Read', 'Update', 'Delete'] as const;
const CRUD_RESOURCES = ['Events', 'Registrations', 'Departments', 'Roles', 'Users', 'Settings', 'Blacklists'] as const;

export type PermissionResource = (typeof CRUD_RESOURCES)[number] | 'Queues' | 'EmailLogs' | 'GDPR' | 'Checkin';

export const PERMISSIONS = [
  ...CRUD_RESOURCES.flatMap((resource) => CRUD.map((action) => `${resource}.${action}` as const)),
  'Queues.Read',
  'EmailLogs.Read',
  'GDPR.Delete',
  'Checkin.Read',
  'Checkin.Update',
] as const;

export type PermissionName = (typeof PERMISSIONS)[number];

const RESOURCE_LABELS: Record<PermissionResource, string> = {
  Events: 'eventos y sesiones',
  Registrations: 'registros',
  Departments: 'departamentos',
  Roles: 'roles',
  Users: 'usuarios',
  Settings: 'configuración',
  Blacklists: 'lista negra',
  Queues: 'listas de espera',
  EmailLogs: 'registro de emails',
  GDPR: 'datos personales (RGPD)',
  Checkin: 'control de acceso',
};

const ACTION_LABELS: Record<string, string> = {
  Create: 'Crear',
  Read: 'Ver',
  Update: 'Editar',
  Delete: 'Eliminar',
};

export function splitPermission(name: PermissionName): { resource: PermissionResource; action: string } {
  const [resource, action] = name.split('.') as [PermissionResource, string];
  return { resource, action };
}

export function describePermission(name: PermissionName): string {
  const { resource, action } = splitPermission(name);
  return `${ACTION_LABELS[action]} ${RESOURCE_LABELS[resource]}`;
}

export function isPermissionName(value: string): value is PermissionName {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export const ADMIN_ROLE_NAME = 'Administrador';
