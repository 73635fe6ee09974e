import { MESSAGES, type Session } from '@evreg/contracts';
import {
  EMPTY_ATTENDEE,
  errorBoxContent,
  fieldsFor,
  flatErrors,
  forcedSingle,
  peopleQueued,
  serverFieldErrors,
  validateAttendee,
  type AttendeeValues,
} from './form-rules';

const person = (over: Partial<AttendeeValues> = {}): AttendeeValues => ({
  ...EMPTY_ATTENDEE,
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  confirmEmail: 'ana@example.com',
  userTaxId: '12345678Z',
  ...over,
});

const session = (over: Partial<Session>): Session =>
  ({ id: 1, availableSpots: 5, maxQueueSpots: 10, currentQueueCount: 0, isRegistrationOpen: true, ...over }) as Session;

describe('validateAttendee (docs/product.md §5)', () => {
  it('accepts a complete person, phone optional', () => {
    expect(validateAttendee(person())).toEqual({});
    expect(validateAttendee(person({ telephoneNumber: '' }))).toEqual({});
  });

  it('checks the first name, marked required, as the API does (issue 31)', () => {
    expect(validateAttendee(person({ firstName: '' }))).toEqual({ firstName: 'Nombre es requerido' });
    expect(validateAttendee(person({ firstName: '  ' }))).toEqual({ firstName: 'Nombre es requerido' });
  });

  it('names every missing required field with the spec text', () => {
    expect(validateAttendee(EMPTY_ATTENDEE)).toEqual({
      firstName: 'Nombre es requerido',
      lastName: 'Apellidos son requeridos',
      email: 'Correo electrónico es requerido',
      confirmEmail: 'Confirmar correo es requerido',
      userTaxId: 'DNI/NIE es requerido',
    });
  });

  it('treats blanks as missing', () => {
    expect(validateAttendee(person({ lastName: '   ', userTaxId: ' ' }))).toEqual({
      lastName: 'Apellidos son requeridos',
      userTaxId: 'DNI/NIE es requerido',
    });
  });

  it('rejects a malformed e-mail and a confirmation that differs', () => {
    expect(validateAttendee(person({ email: 'ana@', confirmEmail: 'ana@' })).email).toBe(
      'Correo electrónico no es válido',
    );
    expect(validateAttendee(person({ confirmEmail: 'otra@example.com' }))).toEqual({
      confirmEmail: 'Los correos no coinciden',
    });
    expect(validateAttendee(person({ confirmEmail: ' ana@example.com ' }))).toEqual({});
  });
});

describe('fieldsFor: server texts to fields by keyword (docs/product.md §5)', () => {
  it.each([
    ['Ya existe una inscripción con este DNI/NIE en esta sesión', ['userTaxId']],
    ['El NIE no es válido', ['userTaxId']],
    ['Invalid tax id', ['userTaxId']],
    ['Este correo electrónico ya está inscrito', ['email']],
    ['El email de confirmación no coincide', ['email', 'confirmEmail']],
    ['Los apellidos son obligatorios', ['lastName']],
    ['El nombre es obligatorio', ['firstName']],
    ['First name too long', ['firstName']],
    ['Teléfono no es válido', ['telephoneNumber']],
    ['Nombre es demasiado largo (máximo 100 caracteres)', ['firstName']],
    ['No quedan plazas', []],
  ])('%s', (text, fields) => {
    expect(fieldsFor(text)).toEqual(fields);
  });

  it('prefers the tax ID when a text names both a document and an e-mail', () => {
    expect(fieldsFor('El DNI ya está registrado con otro correo')).toEqual(['userTaxId']);
  });
});

describe('server errors on the form', () => {
  it('puts attendee errors on their own person', () => {
    const out = serverFieldErrors({ attendeeErrors: { '1': ['Este DNI/NIE ya está inscrito'] } }, 2);
    expect(out).toEqual([{}, { userTaxId: 'Este DNI/NIE ya está inscrito' }]);
  });

  it('applies flat errors to both persons in two-person mode', () => {
    const out = serverFieldErrors({ errors: ['El correo electrónico está en la lista negra'] }, 2);
    expect(out).toEqual([
      { email: 'El correo electrónico está en la lista negra' },
      { email: 'El correo electrónico está en la lista negra' },
    ]);
  });

  it('maps a field map, and the bare message when there are no errors', () => {
    expect(serverFieldErrors({ errors: { lastName: ['Los apellidos son obligatorios'] } }, 1)).toEqual([
      { lastName: 'Los apellidos son obligatorios' },
    ]);
    expect(serverFieldErrors({ message: 'Ya existe una inscripción con este correo electrónico' }, 1)).toEqual([
      { email: 'Ya existe una inscripción con este correo electrónico' },
    ]);
  });

  it("puts a map's message on the field it is keyed by, even when its words name none", () => {
    expect(serverFieldErrors({ errors: { telephoneNumber: ['No es válido'] } }, 1)).toEqual([
      { telephoneNumber: 'No es válido' },
    ]);
  });

  it('keeps the first message per field', () => {
    const out = serverFieldErrors({ attendeeErrors: { '0': ['DNI/NIE duplicado', 'DNI/NIE no válido'] } }, 1);
    expect(out[0].userTaxId).toBe('DNI/NIE duplicado');
  });

  it('prefixes a map key only where the text alone does not say the field', () => {
    expect(flatErrors({ telephoneNumber: ['No es válido'], email: 'Correo electrónico no es válido' })).toEqual([
      'Teléfono: No es válido',
      'Correo electrónico no es válido',
    ]);
  });
});

describe("the 'Error de registro:' box (docs/product.md §8)", () => {
  it('groups attendee errors under Primera Persona / Acompañante, or Errores: for one person', () => {
    expect(errorBoxContent({ attendeeErrors: { '0': ['a'], '1': ['b'] } }, 2)).toEqual({
      kind: 'people',
      groups: [
        { heading: 'Primera Persona:', messages: ['a'] },
        { heading: 'Acompañante:', messages: ['b'] },
      ],
    });
    expect(errorBoxContent({ attendeeErrors: { '0': ['a'] } }, 1)).toEqual({
      kind: 'people',
      groups: [{ heading: 'Errores:', messages: ['a'] }],
    });
  });

  it('falls back to message, then errors, then title, then the generic text', () => {
    expect(errorBoxContent({ message: 'm', errors: ['e'], title: 't' }, 1)).toEqual({ kind: 'text', text: 'm' });
    expect(errorBoxContent({ errors: ['e'], title: 't' }, 1)).toEqual({ kind: 'list', messages: ['e'] });
    expect(errorBoxContent({ title: 't' }, 1)).toEqual({ kind: 'text', text: 't' });
    expect(errorBoxContent({}, 1)).toEqual({ kind: 'text', text: 'Error inesperado. Por favor, inténtalo de nuevo.' });
  });
});

describe('refusals that protect people (docs/domain.md, "Probing the blacklist and staff accounts")', () => {
  const blacklisted = {
    statusCode: 403,
    code: 'BLACKLISTED',
    message: MESSAGES.booking.blacklisted,
    title: 'Inscripción no realizada',
    attendeeErrors: { 1: [MESSAGES.booking.blacklisted] },
  };
  const tooMany = {
    statusCode: 429,
    code: 'TOO_MANY_REQUESTS',
    message: MESSAGES.booking.tooManyRefusals.replace('{minutes}', '60'),
    title: 'Inscripción no realizada',
  };

  it('a blacklisted companion: the text (no date) under the companion and on their e-mail only', () => {
    expect(MESSAGES.booking.blacklisted).not.toMatch(/\d|\{date\}/);
    expect(serverFieldErrors(blacklisted, 2)).toEqual([{}, { email: MESSAGES.booking.blacklisted }]);
    expect(errorBoxContent(blacklisted, 2)).toEqual({
      kind: 'people',
      groups: [{ heading: 'Acompañante:', messages: [MESSAGES.booking.blacklisted] }],
    });
  });

  it('too many refusals (429): the message in the box, on no field', () => {
    expect(serverFieldErrors(tooMany, 2)).toEqual([{}, {}]);
    expect(errorBoxContent(tooMany, 1)).toEqual({
      kind: 'text',
      text: 'Se han rechazado demasiados intentos de inscripción. Vuelve a intentarlo más tarde (en 60 min).',
    });
  });
});

describe('waiting-list banner and forced single form', () => {
  it('announces nobody queued while the places suffice', () => {
    expect(peopleQueued(session({ availableSpots: 2 }), 2)).toBe(0);
    expect(peopleQueued(session({ availableSpots: 1 }), 1)).toBe(0);
  });

  it('announces one person when one place is missing, both when none is free', () => {
    expect(peopleQueued(session({ availableSpots: 1 }), 2)).toBe(1);
    expect(peopleQueued(session({ availableSpots: 0 }), 2)).toBe(2);
    expect(peopleQueued(session({ availableSpots: 0 }), 1)).toBe(1);
  });

  it('shows no banner without room on the waiting list', () => {
    expect(peopleQueued(session({ availableSpots: 0, maxQueueSpots: 3, currentQueueCount: 3 }), 1)).toBe(0);
  });

  it('falls back to one person when places and waiting room fit only one', () => {
    expect(forcedSingle(session({ availableSpots: 1, maxQueueSpots: 0 }), 2)).toBe(true);
    expect(forcedSingle(session({ availableSpots: 0, maxQueueSpots: 5, currentQueueCount: 4 }), 2)).toBe(true);
    expect(forcedSingle(session({ availableSpots: 1, maxQueueSpots: 5, currentQueueCount: 4 }), 2)).toBe(false);
    expect(forcedSingle(session({ availableSpots: 0, maxQueueSpots: 0 }), 1)).toBe(false);
  });
});
