import { validateLogin } from './rules';

describe('validación del inicio de sesión (especificación 5)', () => {
  it('email requerido y válido; contraseña requerida y de al menos 6 caracteres', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email es requerido',
      password: 'Contraseña es requerida',
    });
    expect(validateLogin({ email: '   ', password: '12345' })).toEqual({
      email: 'Email es requerido',
      password: 'Contraseña debe tener al menos 6 caracteres',
    });
    expect(validateLogin({ email: 'ana@', password: '123456' })).toEqual({ email: 'Email no es válido' });
    expect(validateLogin({ email: ' ana@example.com ', password: '123456' })).toEqual({});
  });
});
