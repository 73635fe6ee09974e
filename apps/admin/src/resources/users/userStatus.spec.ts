import { isLocked, userStatus } from './userStatus';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const base = { lockoutEnabled: false, lockoutEnd: null, mustChangePassword: false, emailConfirmed: true };

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

describe('bloqueo: una sola verdad para la lista, el interruptor y Desbloquear', () => {
  it('bloqueado por el personal o por los intentos fallidos mientras dure', () => {
    expect(isLocked({ lockoutEnabled: true, lockoutEnd: '9999-12-31T00:00:00Z' }, NOW)).toBe(true);
    expect(isLocked({ lockoutEnabled: true, lockoutEnd: null }, NOW)).toBe(true);
    expect(isLocked({ lockoutEnabled: false, lockoutEnd: '2026-03-01T10:05:00Z' }, NOW)).toBe(true);
    expect(isLocked({ lockoutEnabled: false, lockoutEnd: '2026-03-01T09:55:00Z' }, NOW)).toBe(false);
    expect(isLocked({ lockoutEnabled: false, lockoutEnd: null }, NOW)).toBe(false);
    expect(userStatus({ ...base, lockoutEnabled: true }, NOW)).toBe('Bloqueado');
  });
});
