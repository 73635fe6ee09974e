import type { Permission } from '@evreg/contracts';

/** Spanish names of the permission resources and actions, in the order the screens list them. */
export const RESOURCE_NAMES: Record<string, string> = {
  Users: 'Usuarios',
  Roles: 'Roles',
  Departments: 'Departamentos',
  Events: 'Eventos',
  Registrations: 'Registros',
  Queues: 'Listas de Espera',
  Blacklists: 'Lista Negra',
  Settings: 'Configuración',
  EmailLogs: 'Registro Emails',
  GDPR: 'RGPD',
};

export const ACTION_NAMES: Record<string, string> = {
  Read: 'Ver',
  Create: 'Crear',
  Update: 'Editar',
  Delete: 'Eliminar',
};

const resourceRank = (resource: string) => {
  const i = Object.keys(RESOURCE_NAMES).indexOf(resource);
  return i < 0 ? 99 : i;
};
const actionRank = (action: string) => {
  const i = Object.keys(ACTION_NAMES).indexOf(action);
  return i < 0 ? 99 : i;
};

export const resourceName = (resource: string) => RESOURCE_NAMES[resource] ?? resource;
export const actionName = (action: string) => ACTION_NAMES[action] ?? action;

export interface PermissionGroup {
  resource: string;
  label: string;
  permissions: Permission[];
}

/** Permissions grouped by resource (docs/product.md §2, Roles), groups and actions in a fixed order. */
export function groupPermissions(permissions: readonly Permission[]): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const p of permissions) groups.set(p.resource, [...(groups.get(p.resource) ?? []), p]);
  return [...groups.entries()]
    .sort(([a], [b]) => resourceRank(a) - resourceRank(b) || a.localeCompare(b))
    .map(([resource, list]) => ({
      resource,
      label: resourceName(resource),
      permissions: [...list].sort((a, b) => actionRank(a.action) - actionRank(b.action)),
    }));
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The permission search: by name, description, or the Spanish resource and action names, ignoring accents. */
export function matchesPermission(p: Permission, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return [p.name, p.description, resourceName(p.resource), actionName(p.action)].some((text) =>
    fold(text ?? '').includes(q),
  );
}

/** The Permisos column: the first 3 resources with their actions, then '+N más' (N more resources). */
export function summarizePermissions(permissions: readonly Permission[], shown = 3): { items: string[]; more: number } {
  const groups = groupPermissions(permissions);
  return {
    items: groups
      .slice(0, shown)
      .map((g) => `${g.label}: ${g.permissions.map((p) => actionName(p.action)).join(', ')}`),
    more: Math.max(0, groups.length - shown),
  };
}
