import { HttpError } from 'react-admin';
import {
  idFromQuery,
  EMPTY_PERSON,
  failureText,
  manualFormData,
  needsConfirmation,
  splitRegistrations,
  successText,
  tileFigures,
  validateManual,
  type ManualForm,
} from './rules';

const valid: ManualForm = {
  ...EMPTY_PERSON,
  firstName: ' Ana ',
  lastName: 'García',
  email: 'ana@example.com',
  confirmEmail: 'ANA@example.com ',
  userTaxId: '12345678Z',
  gdprConsent: true,
};

describe('registro manual (especificación 5 y 8)', () => {
  it('un formulario vacío da los mensajes de la especificación', () => {
    expect(validateManual({ ...EMPTY_PERSON, gdprConsent: false }, false)).toEqual({
      firstName: 'Nombre es requerido',
      lastName: 'Apellidos son requeridos',
      email: 'Email es requerido',
      confirmEmail: 'Confirmar email es requerido',
      userTaxId: 'DNI/NIE es requerido',
      session: 'Por favor selecciona una sesión',
      gdprConsent: 'Debe aceptar la política de privacidad para continuar',
    });
  });

  it('los obligatorios se comprueban sin espacios; el teléfono es opcional', () => {
    expect(validateManual(valid, true)).toEqual({});
    expect(validateManual({ ...valid, firstName: '   ' }, true)).toEqual({ firstName: 'Nombre es requerido' });
    expect(validateManual({ ...valid, telephoneNumber: '600 123 456' }, true)).toEqual({});
    expect(validateManual({ ...valid, telephoneNumber: '12' }, true)).toEqual({
      telephoneNumber: 'Teléfono no es válido',
    });
  });

  it('email válido y confirmado', () => {
    expect(validateManual({ ...valid, email: 'ana@', confirmEmail: 'ana@' }, true)).toEqual({
      email: 'Email no es válido',
    });
    expect(validateManual({ ...valid, confirmEmail: 'otra@example.com' }, true)).toEqual({
      confirmEmail: 'Los emails no coinciden',
    });
  });

  it('el pasaporte extranjero salta la comprobación del DNI/NIE', () => {
    expect(validateManual({ ...valid, userTaxId: 'XA1234567' }, true)).toEqual({
      userTaxId: 'DNI/NIE no es válido: revisa los números y la letra',
    });
    expect(validateManual({ ...valid, userTaxId: 'XA1234567', bypassValidation: true }, true)).toEqual({});
    expect(validateManual({ ...valid, userTaxId: '', bypassValidation: true }, true)).toEqual({
      userTaxId: 'Número de pasaporte es requerido',
    });
  });

  it('se envía recortado, sin teléfono vacío, con bypassValidation y el consentimiento', () => {
    expect(manualFormData({ ...valid, bypassValidation: true })).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      confirmEmail: 'ANA@example.com',
      userTaxId: '12345678Z',
      gdprConsent: true,
      bypassValidation: true,
    });
  });

  it('la respuesta que pide confirmación para la cola, y los textos de éxito', () => {
    expect(
      needsConfirmation({
        requiresConfirmation: true,
        reservedSpotsFull: true,
        message: 'x',
        currentQueueCount: 1,
        maxQueueSpots: 5,
      }),
    ).toBe(true);
    expect(needsConfirmation({ id: 1, queued: false, queuePosition: null, message: 'ok' })).toBe(false);
    expect(successText({ id: 1, queued: true, queuePosition: 3, message: '' })).toBe(
      'Persona añadida a la lista de espera. Posición en cola: 3',
    );
    expect(successText({ id: 1, queued: false, queuePosition: null, message: '' })).toBe(
      'Registro manual completado exitosamente',
    );
  });

  it('un rechazo: errores de la persona unidos por comas, si no el mensaje, si no el texto por defecto', () => {
    const invalid = new HttpError('Nombre es requerido', 400, {
      attendeeErrors: { 0: ['Nombre es requerido', 'DNI/NIE no es válido: revisa los números y la letra'] },
    });
    expect(failureText(invalid)).toBe('Nombre es requerido, DNI/NIE no es válido: revisa los números y la letra');
    expect(
      failureText(new HttpError('Ya existe una inscripción con este correo electrónico en esta sesión', 409, {})),
    ).toBe('Ya existe una inscripción con este correo electrónico en esta sesión');
    expect(failureText(new HttpError('', 500, {}))).toBe('Error al crear el registro');
  });

  it('las tres tarjetas y la lista de registros separada', () => {
    const session = {
      usedReservedSpots: 2,
      reservedSpots: 5,
      currentQueueCount: 1,
      maxQueueSpots: 10,
      registeredCount: 7,
      maxAttendees: 20,
    };
    const registrations = [
      { id: 1, status: 0 as const, usesReservedSpot: true },
      { id: 2, status: 0 as const, usesReservedSpot: false },
      { id: 3, status: 1 as const, usesReservedSpot: false },
    ];
    expect(tileFigures(session, registrations)).toEqual({
      reserved: '2/5',
      queue: '1/10',
      total: '7/20',
      detail: 'Activos: 2 · Cancelados: 1',
    });
    expect(tileFigures(session).detail).toBeNull();
    const split = splitRegistrations(registrations);
    expect(split.active.map((a) => [a.registration.id, a.badge])).toEqual([
      [1, 'RESERVADO'],
      [2, 'ACTIVO'],
    ]);
    expect(split.cancelled.map((r) => r.id)).toEqual([3]);
  });
});

describe('Registro Manual: el evento y la sesión en la dirección de la página', () => {
  it('un número entero positivo; cualquier otra cosa es «sin elegir»', () => {
    expect(idFromQuery('12')).toBe(12);
    expect(idFromQuery(null)).toBeNull();
    for (const bad of ['', '0', '-3', '1.5', 'abc', '12abc', '99999999999']) expect(idFromQuery(bad)).toBeNull();
  });
});
