import { AllExceptionsFilter } from './all-exceptions.filter';
import { AppError } from './app-error';
import { SpaFallback } from './spa-fallback';

describe('AllExceptionsFilter.toBody', () => {
  const filter = new AllExceptionsFilter(new SpaFallback('/nonexistent', '/nonexistent'));

  it('answers an unknown error with a generic 500 that leaks nothing', () => {
    const body = filter.toBody(new Error('relation "users" violates constraint: SELECT password_hash FROM users'));
    expect(body).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Error interno del servidor. Inténtalo de nuevo más tarde.' });
  });

  it('passes a domain error through with its code, field errors and extra fields', () => {
    const error = new AppError(409, 'FULL', 'Completo', { email: ['Ya registrado'] }, { attendeeErrors: { 0: ['x'] } });
    expect(filter.toBody(error)).toEqual({
      statusCode: 409,
      code: 'FULL',
      message: 'Completo',
      errors: { email: ['Ya registrado'] },
      attendeeErrors: { 0: ['x'] },
    });
  });

  it('does not let extra fields overwrite the stable ones', () => {
    const error = new AppError(400, 'X', 'Mensaje', undefined, { statusCode: 200, code: 'OK', message: 'ok' });
    expect(filter.toBody(error)).toMatchObject({ statusCode: 400, code: 'X', message: 'Mensaje' });
  });
});
