import { loginUrl, safeNext } from './shell';

describe('vuelta a la página pedida tras iniciar sesión', () => {
  it('solo rutas propias del panel', () => {
    expect(safeNext('/users?q=ana')).toBe('/users?q=ana');
    expect(safeNext('//evil.example.com')).toBeUndefined();
    expect(safeNext('/\\evil.example.com')).toBeUndefined();
    expect(safeNext('https://evil.example.com')).toBeUndefined();
    expect(safeNext('/login')).toBeUndefined();
    expect(safeNext('/')).toBeUndefined();
    expect(safeNext(null)).toBeUndefined();
  });

  it('la dirección del inicio de sesión la lleva en ?next=', () => {
    expect(loginUrl('/roles')).toBe('/admin/login?next=%2Froles');
    expect(loginUrl()).toBe('/admin/login');
  });
});
