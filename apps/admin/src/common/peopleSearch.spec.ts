import { searchPeople } from './peopleSearch';

const ana = { firstName: 'Ana', lastName: 'Núñez Díaz', email: 'ana@example.com', userTaxId: '12345678Z' };
const inigo = {
  firstName: 'Iñigo',
  lastName: 'García',
  email: 'inigo@example.com',
  userTaxId: 'X1234567L',
  telephoneNumber: '611 222 333',
};

describe('buscar personas', () => {
  it('por nombre y apellidos, en cualquier orden, sin mayúsculas ni tildes', () => {
    expect(searchPeople([ana, inigo], 'nunez ana')).toEqual([ana]);
    expect(searchPeople([ana, inigo], 'GARCÍA')).toEqual([inigo]);
    expect(searchPeople([ana, inigo], 'iñigo')).toEqual([inigo]);
  });

  it('por email, DNI/NIE o teléfono (con o sin espacios)', () => {
    expect(searchPeople([ana, inigo], 'ana@example')).toEqual([ana]);
    expect(searchPeople([ana, inigo], '12345678z')).toEqual([ana]);
    expect(searchPeople([ana, inigo], '611222333')).toEqual([inigo]);
  });

  it('sin texto, todos (la misma lista); sin coincidencias, nadie', () => {
    const all = [ana, inigo];
    expect(searchPeople(all, '  ')).toBe(all);
    expect(searchPeople(all, 'zzz')).toEqual([]);
  });
});
