import {
  creatorName,
  endOfDay,
  formErrors,
  isExpired,
  permissionsNamed,
  pickablePermissions,
  tokenErrors,
  tokenRequest,
} from './rules';

describe('integraciones: tokens de API', () => {
  it('offers only the permissions the user holds, in catalogue order, with local ids', () => {
    const offered = pickablePermissions(['Users.Read', 'Events.Read']);
    expect(offered.map((p) => [p.id, p.name, p.resource, p.action])).toEqual([
      [2, 'Events.Read', 'Events', 'Read'],
      [18, 'Users.Read', 'Users', 'Read'],
    ]);
    expect(offered[0].description).toBe('Ver eventos y sesiones');
    expect(pickablePermissions([])).toEqual([]);
    expect(permissionsNamed(['Users.Read']).map((p) => p.id)).toEqual([18]);
  });

  it('turns the form into the request: names from the ids, the end of the chosen day', () => {
    const request = tokenRequest({ name: '  Taquilla ', permissionIds: [18, 2], expiresOn: '2030-12-31' });
    expect(request.name).toBe('Taquilla');
    expect(request.permissions).toEqual(['Events.Read', 'Users.Read']);
    expect(request.expiresAt).toBe(new Date(2030, 11, 31, 23, 59, 59, 999).toISOString());
    expect(tokenRequest({ name: 'x', permissionIds: [1] }).expiresAt).toBeNull();
  });

  it('reads a day, refusing impossible ones', () => {
    expect(endOfDay('2030-02-28')?.getDate()).toBe(28);
    expect(endOfDay('2030-02-30')).toBeNull();
    expect(endOfDay('31/12/2030')).toBeNull();
  });

  it('checks the form with the API texts', () => {
    const now = new Date(2030, 5, 15, 12);
    expect(tokenErrors({}, now)).toEqual({
      name: 'El nombre del token es requerido',
      permissionIds: 'Elige al menos un permiso',
    });
    expect(tokenErrors({ name: 'x'.repeat(101), permissionIds: [1], expiresOn: '2030-06-14' }, now)).toEqual({
      name: 'El nombre del token no puede superar 100 caracteres',
      expiresOn: 'La fecha de caducidad debe ser futura',
    });
    // Today is fine: the token works until the end of the day.
    expect(tokenErrors({ name: 'Hoy', permissionIds: [1], expiresOn: '2030-06-15' }, now)).toEqual({});
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(formErrors({ permissions: 'No puedes…', expiresAt: 'Futura', name: 'Nombre' })).toEqual({
      permissionIds: 'No puedes…',
      expiresOn: 'Futura',
      name: 'Nombre',
    });
  });

  it('tells expired tokens and names the creator', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({ expiresAt: '2029-12-31T23:59:59Z' }, now)).toBe(true);
    expect(isExpired({ expiresAt: '2030-01-02T00:00:00Z' }, now)).toBe(false);
    expect(creatorName({ createdByName: null, createdByEmail: 'ana@example.com' })).toBe('ana@example.com');
    expect(creatorName({ createdByName: 'Ana García', createdByEmail: 'ana@example.com' })).toBe('Ana García');
  });
});
