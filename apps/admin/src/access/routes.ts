import type { PermissionName } from '@evreg/contracts';

/** A route's requirement: none (any signed-in user), one permission, or a list (any of them by default, all
 * of them when `all` is set). */
export type Requirement = null | PermissionName | { anyOf: PermissionName[] } | { allOf: PermissionName[] };

export interface AdminRoute {
  /** Path under /admin, also the react-admin resource name used in canAccess. */
  path: string;
  label: string;
  requires: Requirement;
}

/** The route and permission table of docs/product.md §2, in its order (the sidebar keeps it). */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: 'dashboard', label: 'Dashboard', requires: null },
  { path: 'users', label: 'Usuarios', requires: 'Users.Read' },
  { path: 'blacklist', label: 'Lista Negra', requires: 'Blacklists.Read' },
  { path: 'roles', label: 'Roles', requires: 'Roles.Read' },
  { path: 'events', label: 'Eventos', requires: 'Events.Read' },
  { path: 'departments', label: 'Departamentos', requires: 'Departments.Read' },
  { path: 'email-settings', label: 'Configuración Email', requires: 'Settings.Update' },
  { path: 'email-logs', label: 'Registro Emails', requires: 'EmailLogs.Read' },
  { path: 'email-templates', label: 'Plantillas', requires: 'Settings.Update' },
  { path: 'queue-management', label: 'Listas de Espera', requires: 'Queues.Read' },
  { path: 'gdpr', label: 'RGPD', requires: 'GDPR.Delete' },
  { path: 'registrations', label: 'Registros', requires: 'Registrations.Read' },
  { path: 'manual-registration', label: 'Registro Manual', requires: 'Registrations.Create' },
  { path: 'sms-settings', label: 'Configuración SMS', requires: 'Settings.Update' },
  { path: 'sms-logs', label: 'Registro SMS', requires: 'Settings.Read' },
  // Not in the spec (issue 14): machine access, a system setting (docs/domain.md, "API tokens").
  { path: 'integrations', label: 'Integraciones', requires: 'Settings.Read' },
  // Issue 21: check-in at the door, for staff with Checkin.Update (the system role 'Control de acceso' has only
  // Checkin.Read and Checkin.Update: names, never e-mails or DNI/NIE).
  { path: 'checkin', label: 'Control de acceso', requires: 'Checkin.Update' },
  // Issue 26: the services the product depends on and what waits to be sent, read-only (docs/product.md).
  { path: 'system', label: 'Estado del sistema', requires: 'Settings.Read' },
  // Issue 31: the whole history, filtered (docs/domain.md, "History"): administrators who also read registrations.
  {
    path: 'history',
    label: 'Historial',
    requires: { allOf: ['Events.Read', 'Settings.Update', 'Registrations.Read'] },
  },
];

/** The forced page: login only, outside the layout. */
export const CHANGE_PASSWORD_PATH = 'change-password';

/** Actions other than viewing, per resource (docs/product.md §6: buttons). The settings cards of the events screen read
 * with Settings.Read and write with Settings.Update. */
const ACTIONS: Record<string, Partial<Record<string, PermissionName>>> = {
  users: { create: 'Users.Create', edit: 'Users.Update', 'reset-password': 'Users.Update', delete: 'Users.Delete' },
  roles: { create: 'Roles.Create', edit: 'Roles.Update', delete: 'Roles.Delete' },
  departments: { create: 'Departments.Create', delete: 'Departments.Delete' },
  // Events and their sessions (the API's permissions): capacity, flags and notifications are Events.Update.
  // The history of staff changes to events and sessions is for administrators (docs/domain.md, "History").
  events: {
    create: 'Events.Create',
    edit: 'Events.Update',
    delete: 'Events.Delete',
    notify: 'Events.Update',
    history: 'Settings.Update',
  },
  blacklist: { create: 'Blacklists.Create', edit: 'Blacklists.Update', delete: 'Blacklists.Delete' },
  registrations: {
    edit: 'Registrations.Update',
    cancel: 'Registrations.Update',
    resend: 'Registrations.Update',
    delete: 'Registrations.Delete',
  },
  // The waiting list is read with Queues.Read; changing it is a change of registrations (docs/domain.md).
  'queue-management': {
    promote: 'Registrations.Update',
    edit: 'Registrations.Update',
    reorder: 'Registrations.Update',
    delete: 'Registrations.Delete',
  },
  settings: { list: 'Settings.Read', show: 'Settings.Read', edit: 'Settings.Update' },
  // E-mail and SMS (docs/domain.md): templates are written with Settings.Update (the screen's permission);
  // resend goes with reading the log; deleting log rows is Settings.Delete.
  'email-templates': { create: 'Settings.Update', edit: 'Settings.Update', show: 'Settings.Update' },
  'email-logs': { resend: 'EmailLogs.Read', delete: 'Settings.Delete' },
  'sms-logs': { delete: 'Settings.Delete' },
  // API tokens: listed with Settings.Read (the route), created and revoked with Settings.Update, as the API.
  // The section's list is of the data resource `api-tokens` (react-admin asks canAccess for it).
  // Webhooks too: edited, tried ('Probar') and a delivery sent again ('Reenviar') with Settings.Update; their
  // deliveries are read with Settings.Read.
  integrations: {
    create: 'Settings.Update',
    edit: 'Settings.Update',
    test: 'Settings.Update',
    redeliver: 'Settings.Update',
    delete: 'Settings.Update',
  },
  'api-tokens': { list: 'Settings.Read', create: 'Settings.Update', delete: 'Settings.Update' },
  webhooks: { list: 'Settings.Read', create: 'Settings.Update', edit: 'Settings.Update', delete: 'Settings.Update' },
  'webhook-deliveries': { list: 'Settings.Read', create: 'Settings.Update', edit: 'Settings.Update' },
  // The door screen's sessions and a session's door links: listed with Checkin.Read, created and revoked with
  // Checkin.Update, as the API. 'door-links' on the check-in screen is the button that opens them.
  checkin: { 'door-links': 'Checkin.Update' },
  'checkin-sessions': { list: 'Checkin.Read' },
  'door-links': { list: 'Checkin.Read', create: 'Checkin.Update', delete: 'Checkin.Update' },
  // A session's no-shows (the people dialog of the events screen): read with Registrations.Read; adding them to
  // the blacklist is Blacklists.Create (the API asks for both).
  'no-shows': { list: 'Registrations.Read' },
};

export function satisfies(permissions: readonly string[], requirement: Requirement): boolean {
  if (requirement === null) return true;
  if (typeof requirement === 'string') return permissions.includes(requirement);
  if ('allOf' in requirement) return requirement.allOf.every((p) => permissions.includes(p));
  return requirement.anyOf.some((p) => permissions.includes(p));
}

/** The verdict behind authProvider.canAccess: viewing a route needs the table's permission, an action its
 * own; anything not listed is refused. */
export function canAccess(permissions: readonly string[], resource: string, action: string): boolean {
  const permission = ACTIONS[resource]?.[action];
  if (permission) return permissions.includes(permission);
  if (action === 'list' || action === 'show') {
    const route = ADMIN_ROUTES.find((r) => r.path === resource);
    if (route) return satisfies(permissions, route.requires);
    if (resource === CHANGE_PASSWORD_PATH) return true;
  }
  return false;
}

/** The table's label of the section a path (without /admin) belongs to. */
export function sectionLabel(pathname: string): string | undefined {
  const first = pathname.split('/').filter(Boolean)[0] ?? 'dashboard';
  if (first === CHANGE_PASSWORD_PATH) return 'Cambiar Contraseña';
  return ADMIN_ROUTES.find((r) => r.path === first)?.label;
}
