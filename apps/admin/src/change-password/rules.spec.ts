import { changePasswordFailure, validateChangePassword, voluntaryChangeState, wayBack } from './rules';

describe('cambio de contraseña (especificación 5 y 8)', () => {
  it('los tres campos requeridos, mínimo 6 y coincidencia', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Contraseña actual es requerida',
      newPassword: 'Nueva contraseña es requerida',
      confirmPassword: 'Confirmar contraseña es requerido',
    });
    expect(validateChangePassword({ currentPassword: 'x', newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'La contraseña debe tener al menos 6 caracteres',
    });
    expect(validateChangePassword({ currentPassword: 'x', newPassword: '123456', confirmPassword: '1234567' })).toEqual(
      {
        confirmPassword: 'Las contraseñas no coinciden',
      },
    );
    expect(validateChangePassword({ currentPassword: 'x', newPassword: '123456', confirmPassword: '123456' })).toEqual(
      {},
    );
  });

  it('el mensaje del servidor, si no «Error del servidor (código)», si no el genérico', () => {
    expect(changePasswordFailure(400, 'La contraseña actual no es correcta')).toBe(
      'La contraseña actual no es correcta',
    );
    expect(changePasswordFailure(502, undefined)).toBe('Error del servidor (502)');
    expect(changePasswordFailure(0, undefined)).toBe('Error al cambiar contraseña');
  });
});

describe('cambio de contraseña: volver a donde se estaba', () => {
  it('abierto desde el menú del usuario: atrás en el historial, a la página en la que estaba', () => {
    const state = voluntaryChangeState('/users', '?q=ana');
    expect(state).toEqual({ nextPathname: '/users', nextSearch: '?q=ana', fromMenu: true });
    expect(wayBack(state)).toEqual({ back: true });
  });

  it('obligatorio (el layout lo abre sin menú): la página pedida, con su búsqueda', () => {
    expect(wayBack({ nextPathname: '/roles', nextSearch: '' })).toEqual({ back: false, path: '/roles' });
    expect(wayBack({ nextPathname: '/users', nextSearch: '?page=2' })).toEqual({ back: false, path: '/users?page=2' });
    expect(wayBack({ nextPathname: '/users' })).toEqual({ back: false, path: '/users' });
  });

  it('sin página de la que venir (dirección escrita), o con una que no sirve: el Dashboard', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { nextPathname: '/change-password', fromMenu: true },
      { nextPathname: '/change-password/' },
      { nextPathname: '/login', nextSearch: '?next=/users' },
      { nextPathname: '//otro-sitio.example.com', fromMenu: true },
      { nextPathname: 'users' },
      { nextPathname: 42 },
    ])
      expect(wayBack(state)).toEqual({ back: false, path: '/dashboard' });
  });
});
