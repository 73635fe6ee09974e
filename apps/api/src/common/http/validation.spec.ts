import { ATTENDEE_LIMITS } from '@evreg/contracts';
import { TicketHoldDto } from '../../modules/holds/dto/hold.dto';
import {
  BulkRegistrationDto,
  ManualRegistrationDto,
  RegistrationSearchDto,
  UpdateRegistrationDto,
} from '../../modules/registrations/dto/registration.dto';
import { AppError } from './app-error';
import { tooLongMessage } from './field-labels';
import { createValidationPipe } from './validation';

const pipe = createValidationPipe();

/** The `errors` of the pipe's 400 for this body, as the API answers them. */
async function refusal(metatype: new () => object, body: unknown): Promise<Record<string, string[]>> {
  try {
    await pipe.transform(body, { type: 'body', metatype });
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return error.errors ?? {};
    throw error;
  }
  throw new Error('accepted');
}

const person = { firstName: 'Ana', lastName: 'García', email: 'ana@example.com', userTaxId: '12345678Z' };

describe('validation messages name the field in Spanish, with the limit', () => {
  it("a staff edit's too long fields: label and ATTENDEE_LIMITS, agreeing in gender and number", async () => {
    expect(
      await refusal(UpdateRegistrationDto, {
        firstName: 'A'.repeat(ATTENDEE_LIMITS.firstName + 1),
        lastName: 'B'.repeat(ATTENDEE_LIMITS.lastName + 1),
        email: `${'c'.repeat(250)}@example.com`,
        userTaxId: '1'.repeat(31),
        telephoneNumber: '6'.repeat(31),
      }),
    ).toEqual({
      firstName: ['Nombre es demasiado largo (máximo 100 caracteres)'],
      lastName: ['Apellidos son demasiado largos (máximo 150 caracteres)'],
      email: ['Correo electrónico es demasiado largo (máximo 254 caracteres)'],
      userTaxId: ['DNI/NIE es demasiado largo (máximo 30 caracteres)'],
      telephoneNumber: ['Teléfono es demasiado largo (máximo 30 caracteres)'],
    });
  });

  it('types: the label, never the property', async () => {
    expect(await refusal(UpdateRegistrationDto, { ...person, firstName: 5, telephoneNumber: false })).toEqual({
      firstName: ['Nombre debe ser un texto'],
      telephoneNumber: ['Teléfono debe ser un texto'],
    });
    expect(
      await refusal(BulkRegistrationDto, { registrations: [{ ...person, gdprConsent: 'sí', eventSessionId: 'x' }] }),
    ).toEqual({
      'registrations.0.gdprConsent': ['Consentimiento de privacidad debe ser true o false'],
      'registrations.0.eventSessionId': ['Identificador de la sesión debe ser un número entero'],
    });
    expect(await refusal(ManualRegistrationDto, {})).toEqual({ formData: ['Datos de la persona son requeridos'] });
    expect(
      await refusal(TicketHoldDto, { eventSessionId: 1, sessionToken: 'visitante-12345678', userId: 'u'.repeat(101) }),
    ).toEqual({ userId: ['Usuario es demasiado largo (máximo 100 caracteres)'] });
  });

  it("class-validator's defaults get the limit; a property without a label is named as sent", async () => {
    expect(await refusal(RegistrationSearchDto, { search: 's'.repeat(201) })).toEqual({
      search: ['El campo "search" es demasiado largo (máximo 200 caracteres)'],
    });
    expect(await refusal(UpdateRegistrationDto, { ...person, desconocido: 1 })).toEqual({
      desconocido: ['El campo "desconocido" no está permitido'],
    });
  });

  it('tooLongMessage agrees with the label', () => {
    expect(tooLongMessage('firstName', 100)).toBe('Nombre es demasiado largo (máximo 100 caracteres)');
    expect(tooLongMessage('registrations.1.lastName', 150)).toBe(
      'Apellidos son demasiado largos (máximo 150 caracteres)',
    );
    expect(tooLongMessage('notes', 10)).toBe('El campo "notes" es demasiado largo (máximo 10 caracteres)');
  });
});
