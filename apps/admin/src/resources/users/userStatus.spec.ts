import { userStatus } from './userStatus';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const base = { lockoutEnd: null, mustChangePassword: false, emailConfirmed: true };

describe('estado del usuario, en el orden de la especificación 4', () => {
  it('Bloqueado antes que nada, luego Cambiar Contraseña, Activo y Email No Confirmado', () => {
    expect(userStatus({ ...base, lockoutEnd: '2026-03-01T10:05:00Z', mustChangePassword: true }, NOW)).toBe(
      'Bloqueado',
    );
    expect(userStatus({ ...base, lockoutEnd: '2026-03-01T09:55:00Z', mustChangePassword: true }, NOW)).toBe(
      'Cambiar Contraseña',
    );
    expect(userStatus({ ...base, emailConfirmed: false, mustChangePassword: true }, NOW)).toBe('Cambiar Contraseña');
    expect(userStatus(base, NOW)).toBe('Activo');
    expect(userStatus({ ...base, emailConfirmed: false }, NOW)).toBe('Email No Confirmado');
  });
});
