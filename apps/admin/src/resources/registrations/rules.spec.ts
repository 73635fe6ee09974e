import { HttpError } from 'react-admin';
import { formatSessionInfo, isActive, origin, serverErrorsText, statusLabel } from './rules';

describe('registros (especificación 3, 4 y 8)', () => {
  it('el estado llega como número o como texto', () => {
    expect(isActive(0)).toBe(true);
    expect(isActive(1)).toBe(false);
    expect(isActive('Active')).toBe(true);
    expect(isActive('Cancelled')).toBe(false);
    expect(isActive('0')).toBe(true);
    expect(statusLabel('Cancelled')).toBe('Cancelado');
    expect(statusLabel(0)).toBe('Activo');
  });

  it('plaza reservada: Admin y Reservado; en línea: Público y Online', () => {
    expect(origin(true)).toEqual({ who: 'Admin', spot: 'Reservado' });
    expect(origin(false)).toEqual({ who: 'Público', spot: 'Online' });
  });

  it('la sesión se muestra en español', () => {
    expect(formatSessionInfo('2026-12-01 10:00-11:30')).toBe('01/12/2026 10:00-11:30');
    expect(formatSessionInfo('2026-12-01')).toBe('01/12/2026 (todo el día)');
    expect(formatSessionInfo(null)).toBe('');
  });

  it('un fallo al guardar muestra los errores del servidor unidos, si no su mensaje, si no el texto de la pantalla', () => {
    const withFields = new HttpError('Ya existe', 409, {
      errors: {
        email: 'Ya existe una inscripción con este correo electrónico en esta sesión',
        userTaxId: 'DNI/NIE no es válido',
        root: { serverError: 'x' },
      },
    });
    expect(serverErrorsText(withFields, 'Error al actualizar el registro')).toBe(
      'Ya existe una inscripción con este correo electrónico en esta sesión, DNI/NIE no es válido',
    );
    expect(serverErrorsText(new HttpError('Inscripción no encontrada', 404), 'Error al actualizar el registro')).toBe(
      'Inscripción no encontrada',
    );
    expect(serverErrorsText(new HttpError('', 500), 'Error al actualizar el registro')).toBe(
      'Error al actualizar el registro',
    );
  });
});
