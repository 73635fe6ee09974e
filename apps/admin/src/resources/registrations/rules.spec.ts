import { HttpError } from 'react-admin';
import {
  emailBreaks,
  formatSessionInfo,
  isActive,
  isWaiting,
  listFilter,
  listQuery,
  namesEditField,
  origin,
  serverErrorsText,
  statusLabel,
} from './rules';

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

  it('en espera: estado 2 o Waiting, ni activo ni cancelado', () => {
    expect(isWaiting(2)).toBe(true);
    expect(isWaiting('Waiting')).toBe(true);
    expect(isActive(2)).toBe(false);
    expect(statusLabel(2)).toBe('En espera');
    expect(statusLabel('Waiting')).toBe('En espera');
    expect(statusLabel(1)).toBe('Cancelado');
  });

  it('los filtros que se envían: sin valores vacíos ni desconocidos, y el orden solo por columnas de la API', () => {
    expect(
      listFilter(
        { q: '  ana ', eventId: 4, sessionId: '9', state: 'waiting', registeredFrom: '2026-01-01', registeredTo: '' },
        { field: 'lastName', order: 'DESC' },
      ),
    ).toEqual({
      search: 'ana',
      eventId: 4,
      sessionId: 9,
      state: 'waiting',
      registeredFrom: '2026-01-01',
      sort: 'lastName',
      order: 'desc',
    });
    expect(
      listFilter({ q: '', eventId: '', state: 'todas', registeredFrom: 'ayer' }, { field: 'id', order: 'ASC' }),
    ).toEqual({});
  });

  it('la consulta de una página y la de la exportación (sin página)', () => {
    const filter = { search: 'ana', state: 'active' as const, sort: 'registeredAt' as const, order: 'asc' as const };
    expect(listQuery(filter, { page: 2, perPage: 20 })).toBe(
      'page=2&pageSize=20&search=ana&state=active&sort=registeredAt&order=asc',
    );
    expect(listQuery(filter)).toBe('search=ana&state=active&sort=registeredAt&order=asc');
  });

  it('un email se parte antes de la @ y de los puntos del dominio, nunca dentro de una palabra', () => {
    expect(emailBreaks('ana.garcia@correo.example.com')).toEqual(['ana.garcia', '@correo', '.example', '.com']);
    expect(emailBreaks('sin-arroba')).toEqual(['sin-arroba']);
    expect(emailBreaks('ana.garcia@correo.example.com').join('')).toBe('ana.garcia@correo.example.com');
  });

  it('un rechazo que nombra un campo del diálogo va bajo ese campo; otro, en el aviso', () => {
    const dni = new HttpError('x', 400, { errors: { userTaxId: 'DNI/NIE no es válido', root: { serverError: 'x' } } });
    expect(namesEditField(dni)).toBe(true);
    expect(namesEditField(new HttpError('Inscripción no encontrada', 404))).toBe(false);
    expect(namesEditField(new HttpError('x', 400, { errors: { otro: 'x' } }))).toBe(false);
    expect(namesEditField(new Error('x'))).toBe(false);
  });
});
