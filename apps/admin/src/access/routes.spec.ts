import { ADMIN_ROUTES, canAccess, satisfies, sectionLabel } from './routes';

describe('tabla de rutas y permisos', () => {
  it('sigue la tabla de la especificación, en su orden', () => {
    expect(ADMIN_ROUTES.map((r) => [r.path, r.label, r.requires])).toEqual([
      ['dashboard', 'Dashboard', null],
      ['users', 'Usuarios', 'Users.Read'],
      ['blacklist', 'Lista Negra', 'Blacklists.Read'],
      ['roles', 'Roles', 'Roles.Read'],
      ['events', 'Eventos', 'Events.Read'],
      ['departments', 'Departamentos', 'Departments.Read'],
      ['email-settings', 'Configuración Email', 'Settings.Update'],
      ['email-logs', 'Registro Emails', 'EmailLogs.Read'],
      ['email-templates', 'Plantillas', 'Settings.Update'],
      ['queue-management', 'Listas de Espera', 'Queues.Read'],
      ['gdpr', 'RGPD', 'GDPR.Delete'],
      ['registrations', 'Registros', 'Registrations.Read'],
      ['manual-registration', 'Registro Manual', 'Registrations.Create'],
      ['sms-settings', 'Configuración SMS', 'Settings.Update'],
      ['sms-logs', 'Registro SMS', 'Settings.Read'],
      // Beyond the spec: machine access (issue 14).
      ['integrations', 'Integraciones', 'Settings.Read'],
      // Issue 21: check-in at the door.
      ['checkin', 'Control de acceso', 'Checkin.Update'],
      // Issue 26: 'Estado del sistema', read-only.
      ['system', 'Estado del sistema', 'Settings.Read'],
      // Issue 31: the whole history, for administrators.
      ['history', 'Historial', { allOf: ['Events.Read', 'Settings.Update', 'Registrations.Read'] }],
    ]);
  });

  it('sin requisito pasa; uno, cualquiera de una lista o todos cuando se exige', () => {
    expect(satisfies([], null)).toBe(true);
    expect(satisfies(['Users.Read'], 'Users.Read')).toBe(true);
    expect(satisfies(['Users.Read'], 'Roles.Read')).toBe(false);
    expect(satisfies(['Roles.Read'], { anyOf: ['Users.Read', 'Roles.Read'] })).toBe(true);
    expect(satisfies(['Roles.Read'], { allOf: ['Users.Read', 'Roles.Read'] })).toBe(false);
    expect(satisfies(['Roles.Read', 'Users.Read'], { allOf: ['Users.Read', 'Roles.Read'] })).toBe(true);
  });

  it('ver una sección pide el permiso de la tabla; los botones, el suyo (especificación 6)', () => {
    const reader = ['Events.Read'];
    expect(canAccess(reader, 'dashboard', 'list')).toBe(true);
    expect(canAccess(reader, 'events', 'list')).toBe(true);
    expect(canAccess(reader, 'users', 'list')).toBe(false);
    expect(canAccess(['Users.Read', 'Users.Update'], 'users', 'create')).toBe(false);
    expect(canAccess(['Users.Update'], 'users', 'edit')).toBe(true);
    expect(canAccess(['Users.Update'], 'users', 'reset-password')).toBe(true);
    expect(canAccess(['Users.Delete'], 'users', 'delete')).toBe(true);
    expect(canAccess(['Roles.Create'], 'roles', 'create')).toBe(true);
    expect(canAccess(['Blacklists.Update'], 'blacklist', 'edit')).toBe(true);
    expect(canAccess(['Settings.Read'], 'settings', 'list')).toBe(true);
    expect(canAccess(['Settings.Read'], 'settings', 'edit')).toBe(false);
    expect(canAccess(['Settings.Read'], 'sms-logs', 'list')).toBe(true);
    expect(canAccess(['Settings.Read'], 'system', 'list')).toBe(true);
    expect(canAccess(['Events.Read'], 'system', 'list')).toBe(false);
    expect(canAccess(['Settings.Read'], 'sms-settings', 'list')).toBe(false);
    expect(canAccess(['Settings.Read'], 'integrations', 'list')).toBe(true);
    expect(canAccess(['Settings.Read'], 'integrations', 'create')).toBe(false);
    expect(canAccess(['Settings.Update'], 'integrations', 'create')).toBe(true);
    expect(canAccess(['Settings.Update'], 'integrations', 'delete')).toBe(true);
    expect(canAccess(['Settings.Read'], 'api-tokens', 'list')).toBe(true);
    expect(canAccess(['Events.Read'], 'api-tokens', 'list')).toBe(false);
    expect(canAccess(['Settings.Read'], 'webhooks', 'list')).toBe(true);
    expect(canAccess(['Settings.Read'], 'webhook-deliveries', 'list')).toBe(true);
    expect(canAccess(['Events.Read'], 'webhook-deliveries', 'list')).toBe(false);
    expect(canAccess(['Settings.Read'], 'webhook-deliveries', 'edit')).toBe(false);
    expect(canAccess(['Settings.Update'], 'webhook-deliveries', 'edit')).toBe(true);
    for (const action of ['edit', 'test', 'redeliver']) {
      expect(canAccess(['Settings.Read'], 'integrations', action)).toBe(false);
      expect(canAccess(['Settings.Update'], 'integrations', action)).toBe(true);
    }
  });

  it('control de acceso: la pantalla con Checkin.Update; los enlaces de puerta se ven con Checkin.Read y se crean y revocan con Checkin.Update', () => {
    const door = ['Checkin.Read', 'Checkin.Update'];
    expect(canAccess(door, 'checkin', 'list')).toBe(true);
    expect(canAccess(['Checkin.Read'], 'checkin', 'list')).toBe(false);
    expect(canAccess(['Events.Read', 'Registrations.Read'], 'checkin', 'list')).toBe(false);
    expect(canAccess(door, 'checkin', 'door-links')).toBe(true);
    expect(canAccess(['Checkin.Read'], 'door-links', 'list')).toBe(true);
    expect(canAccess(['Checkin.Read'], 'door-links', 'create')).toBe(false);
    expect(canAccess(['Checkin.Update'], 'door-links', 'delete')).toBe(true);
    expect(canAccess(door, 'users', 'list')).toBe(false);
  });

  it('lo que no está en la tabla se niega', () => {
    expect(canAccess(['Users.Read'], 'desconocido', 'list')).toBe(false);
    expect(canAccess(['Users.Read'], 'users', 'export')).toBe(false);
  });

  it('la etiqueta de la sección sale de la primera parte de la ruta', () => {
    expect(sectionLabel('/users')).toBe('Usuarios');
    expect(sectionLabel('/email-templates/3/edit')).toBe('Plantillas');
    expect(sectionLabel('/')).toBe('Dashboard');
    expect(sectionLabel('/change-password')).toBe('Cambiar Contraseña');
    expect(sectionLabel('/nada')).toBeUndefined();
  });
});
