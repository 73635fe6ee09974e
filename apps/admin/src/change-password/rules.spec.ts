import { changePasswordFailure, validateChangePassword } from './rules';

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
