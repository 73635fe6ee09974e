import {
  ATTENDEE_LIMITS,
  MESSAGES,
  isPlausiblePhone,
  isValidEmail,
  isValidPersonName,
  isValidSpanishTaxId,
  normalizeEmail,
  normalizeTaxId,
} from '@evreg/contracts';
import { tooLongMessage } from '../../common/http/field-labels';

export interface AttendeeInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  confirmEmail?: unknown;
  userTaxId?: unknown;
  telephoneNumber?: unknown;
  gdprConsent?: unknown;
}

/** An attendee that passed the rules, normalised for storage and comparison. */
export interface Attendee {
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The rules of docs/domain.md for one attendee. Messages name the field in Spanish with the words the booking app
 * maps to its fields (docs/product.md §5: DNI/NIE, correo, confirmar, apellidos, nombre), and a too long value
 * its limit (ATTENDEE_LIMITS, the columns' sizes): 'Nombre es demasiado largo (máximo 100 caracteres)'. */
export function checkAttendee(
  input: AttendeeInput,
  options: { requireConfirmEmail: boolean; bypassTaxIdFormat?: boolean },
): { attendee: Attendee; errors: string[] } {
  const errors: string[] = [];
  const b = MESSAGES.booking;
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  const email = text(input.email);
  const confirmEmail = text(input.confirmEmail);
  const userTaxId = text(input.userTaxId);
  const telephone = text(input.telephoneNumber);

  const tooLong = (field: keyof typeof ATTENDEE_LIMITS, value: string) =>
    value.length > ATTENDEE_LIMITS[field] ? tooLongMessage(field, ATTENDEE_LIMITS[field]) : null;
  let problem: string | null;

  if (!firstName) errors.push(b.firstNameRequired);
  else if ((problem = tooLong('firstName', firstName))) errors.push(problem);
  else if (!isValidPersonName(firstName)) errors.push(b.firstNameInvalid);
  if (!lastName) errors.push(b.lastNameRequired);
  else if ((problem = tooLong('lastName', lastName))) errors.push(problem);
  else if (!isValidPersonName(lastName)) errors.push(b.lastNameInvalid);
  if (!email) errors.push(b.emailRequired);
  else if ((problem = tooLong('email', email))) errors.push(problem);
  else if (!isValidEmail(email)) errors.push(b.emailInvalid);
  if (options.requireConfirmEmail) {
    if (!confirmEmail) errors.push(b.confirmEmailRequired);
    else if (confirmEmail.length > ATTENDEE_LIMITS.email)
      errors.push(tooLongMessage('confirmEmail', ATTENDEE_LIMITS.email));
    else if (email && normalizeEmail(confirmEmail) !== normalizeEmail(email)) errors.push(b.emailMismatch);
  }
  if (!userTaxId) errors.push(b.taxIdRequired);
  else if ((problem = tooLong('userTaxId', userTaxId))) errors.push(problem);
  else if (!options.bypassTaxIdFormat && !isValidSpanishTaxId(userTaxId)) errors.push(b.taxIdInvalid);
  if (telephone && (problem = tooLong('telephoneNumber', telephone))) errors.push(problem);
  else if (telephone && !isPlausiblePhone(telephone)) errors.push(b.phoneInvalid);
  if (input.gdprConsent !== true) errors.push(b.consentRequired);

  return {
    attendee: {
      firstName,
      lastName,
      email: normalizeEmail(email),
      userTaxId: options.bypassTaxIdFormat ? userTaxId.toUpperCase() : normalizeTaxId(userTaxId),
      telephoneNumber: telephone || null,
    },
    errors,
  };
}
