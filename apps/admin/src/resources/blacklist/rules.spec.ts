import {
  blockErrors,
  entryState,
  eventDateText,
  expiryError,
  expiryToSend,
  localDay,
  madridDay,
  newBlockForm,
  reasonLabel,
  withEvent,
  withSession,
} from './rules';

const today = new Date(2026, 2, 5, 12, 0);

describe('lista negra (especificación 4, 5 y 9)', () => {
  it('al abrir el diálogo: expira en 30 días, razón 0, notificación 1', () => {
    expect(newBlockForm(today)).toEqual({
      eventId: null,
      sessionId: null,
      registrationId: null,
      email: null,
      blackListReason: 0,
      notificationType: 1,
      description: '',
      expiresAt: '2026-04-04',
    });
  });

  it('los mensajes de cada paso', () => {
    const form = newBlockForm(today);
    expect(blockErrors(form, '2026-03-05')).toEqual({
      event: 'Debe seleccionar un evento',
      session: 'Debe seleccionar una sesión del evento',
      person: 'Debe seleccionar un registro',
    });
    const chosen = { ...form, eventId: 7, sessionId: 3, registrationId: 9, email: 'ana@example.com' };
    expect(blockErrors(chosen, '2026-03-05')).toEqual({});
    expect(blockErrors({ ...chosen, email: '' }, '2026-03-05')).toEqual({
      person: 'El registro seleccionado no tiene email',
    });
    expect(blockErrors({ ...chosen, description: 'x'.repeat(501) }, '2026-03-05')).toEqual({
      description: 'La descripción no puede superar 500 caracteres',
    });
    expect(blockErrors({ ...chosen, description: 'x'.repeat(500) }, '2026-03-05')).toEqual({});
  });

  it('la expiración: requerida, no anterior a hoy (hoy sí vale); sin cambios se acepta al editar', () => {
    expect(expiryError('', '2026-03-05')).toBe('Fecha de expiración es requerida');
    expect(expiryError('2026-02-31x', '2026-03-05')).toBe('Fecha de expiración no es válida');
    expect(expiryError('2026-03-04', '2026-03-05')).toBe('La fecha de expiración no puede ser anterior a hoy');
    expect(expiryError('2026-03-05', '2026-03-05')).toBeUndefined();
    expect(expiryError('2026-03-01', '2026-03-05', '2026-03-01')).toBeUndefined();
  });

  it('cambiar el evento borra sesión y persona; cambiar la sesión borra la persona', () => {
    const chosen = {
      ...newBlockForm(today),
      eventId: 7,
      sessionId: 3,
      registrationId: 9,
      email: 'ana@example.com',
      description: 'nota',
    };
    expect(withEvent(chosen, 8)).toMatchObject({
      eventId: 8,
      sessionId: null,
      registrationId: null,
      email: null,
      description: 'nota',
    });
    expect(withSession(chosen, 4)).toMatchObject({ eventId: 7, sessionId: 4, registrationId: null, email: null });
  });

  it('al editar, la expiración sin cambios se envía tal cual; una nueva, como día', () => {
    const original = '2026-04-04T21:59:59.999Z'; // final del 4 de abril en Madrid (horario de verano)
    expect(madridDay(original)).toBe('2026-04-04');
    expect(expiryToSend('2026-04-04', original)).toBe(original);
    expect(expiryToSend('2026-05-01', original)).toBe('2026-05-01');
  });

  it('Activo hasta que pasa la expiración, después Expirado', () => {
    expect(entryState({ isActive: true, expiresAt: '2026-03-06T00:00:00Z' }, today)).toBe('Activo');
    expect(entryState({ isActive: true, expiresAt: '2026-03-01T00:00:00Z' }, today)).toBe('Expirado');
    expect(entryState({ isActive: false, expiresAt: '2026-03-06T00:00:00Z' }, today)).toBe('Expirado');
  });

  it('razones, fecha del evento y días', () => {
    expect([0, 1, 2].map(reasonLabel)).toEqual(['No se presentó', 'Cancelado', 'Otro']);
    expect(
      eventDateText({ startDate: '2026-12-01', startTime: '10:00:00', endTime: '11:30:00', isAllDay: false }),
    ).toBe('01/12/2026 10:00 - 11:30');
    expect(eventDateText({ startDate: '2026-12-01', startTime: '00:00:00', endTime: '23:59:00', isAllDay: true })).toBe(
      '01/12/2026 (todo el día)',
    );
    expect(eventDateText({ startDate: null, startTime: null, endTime: null, isAllDay: null })).toBe('—');
    expect(localDay(new Date(2026, 0, 9))).toBe('2026-01-09');
  });
});
