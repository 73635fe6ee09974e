import type { Permission } from '@evreg/contracts';
import { groupPermissions, matchesPermission, summarizePermissions } from './permissionGroups';

let id = 0;
const p = (name: string, description: string): Permission => {
  const [resource, action] = name.split('.');
  return { id: ++id, name, description, resource, action };
};

const ALL = [
  p('Events.Delete', 'Eliminar eventos y sesiones'),
  p('Events.Read', 'Ver eventos y sesiones'),
  p('Users.Create', 'Crear usuarios'),
  p('Users.Read', 'Ver usuarios'),
  p('GDPR.Delete', 'Eliminar datos personales (RGPD)'),
  p('Settings.Read', 'Ver configuración'),
  p('Roles.Read', 'Ver roles'),
];

describe('permisos agrupados por recurso', () => {
  it('ordena recursos y acciones (Ver, Crear, Editar, Eliminar) con nombres en español', () => {
    expect(groupPermissions(ALL).map((g) => [g.label, g.permissions.map((x) => x.action)])).toEqual([
      ['Usuarios', ['Read', 'Create']],
      ['Roles', ['Read']],
      ['Eventos', ['Read', 'Delete']],
      ['Configuración', ['Read']],
      ['RGPD', ['Delete']],
    ]);
  });

  it('la búsqueda mira nombre, descripción, recurso y acción, sin tildes ni mayúsculas', () => {
    const names = (q: string) => ALL.filter((x) => matchesPermission(x, q)).map((x) => x.name);
    expect(names('USUARIOS')).toEqual(['Users.Create', 'Users.Read']);
    expect(names('configuracion')).toEqual(['Settings.Read']);
    expect(names('eliminar')).toEqual(['Events.Delete', 'GDPR.Delete']);
    expect(names('  ')).toHaveLength(ALL.length);
  });

  it('la columna Permisos: los 3 primeros recursos con sus acciones y «+N más»', () => {
    expect(summarizePermissions(ALL)).toEqual({
      items: ['Usuarios: Ver, Crear', 'Roles: Ver', 'Eventos: Ver, Eliminar'],
      more: 2,
    });
    expect(summarizePermissions([])).toEqual({ items: [], more: 0 });
  });
});
