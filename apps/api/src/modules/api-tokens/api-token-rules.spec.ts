import type { PermissionName } from '@evreg/contracts';
import { checkTokenPermissions, expiryError } from './api-token-rules';

describe('checkTokenPermissions', () => {
  const held = new Set<PermissionName>(['Events.Read', 'Users.Read', 'Settings.Update']);

  it('accepts permissions the creator holds, in catalogue order', () => {
    expect(checkTokenPermissions(['Users.Read', 'Events.Read'], held)).toEqual({
      errors: [],
      permissions: ['Events.Read', 'Users.Read'],
    });
  });

  it('refuses an empty list', () => {
    expect(checkTokenPermissions([], held).errors).toEqual(['Elige al menos un permiso']);
  });

  it('names the permissions the creator lacks and the unknown ones', () => {
    expect(checkTokenPermissions(['Users.Delete', 'Events.Read', 'Nada.Todo', 'Roles.Update'], held)).toEqual({
      errors: [
        'Permisos desconocidos: Nada.Todo',
        'No puedes conceder permisos que no tienes: Roles.Update, Users.Delete',
      ],
      permissions: ['Events.Read', 'Roles.Update', 'Users.Delete'],
    });
  });
});

describe('expiryError', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('accepts none (never expires) and a future instant', () => {
    expect(expiryError(undefined, now)).toBeNull();
    expect(expiryError(null, now)).toBeNull();
    expect(expiryError('2026-11-25T12:00:01Z', now)).toBeNull();
  });

  it('refuses the past, the present and nonsense', () => {
    expect(expiryError('2026-11-25T12:00:00Z', now)).toBe('La fecha de caducidad debe ser futura');
    expect(expiryError('2020-01-01', now)).toBe('La fecha de caducidad debe ser futura');
    expect(expiryError('mañana', now)).toBe('La fecha de caducidad no es válida');
  });
});
