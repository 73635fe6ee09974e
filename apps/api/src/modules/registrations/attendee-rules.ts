import {
  MESSAGES,
  isPlausiblePhone,
  isValidEmail,
  isValidPersonName,
  isValidSpanishTaxId,
  normalizeEmail,
  normalizeTaxId,
} from '@evreg/contracts';

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
 * maps to its fields (docs/product.md §5: DNI/NIE, correo, confirmar, apellidos, nombre). */
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

  if (!firstName) errors.push(b.firstNameRequired);
  else if (firstName.length > 100) errors.push('Nombre demasiado largo (máximo 100 caracteres)');
  else if (!isValidPersonName(firstName)) errors.push(b.firstNameInvalid);
  if (!lastName) errors.push(b.lastNameRequired);
  else if (lastName.length > 150) errors.push('Apellidos demasiado largos (máximo 150 caracteres)');
  else if (!isValidPersonName(lastName)) errors.push(b.lastNameInvalid);
  if (!email) errors.push(b.emailRequired);
  else if (!isValidEmail(email)) errors.push(b.emailInvalid);
  if (options.requireConfirmEmail) {
    if (!confirmEmail) errors.push(b.confirmEmailRequired);
    else if (email && normalizeEmail(confirmEmail) !== normalizeEmail(email)) errors.push(b.emailMismatch);
  }
  if (!userTaxId) errors.push(b.taxIdRequired);
  else if (options.bypassTaxIdFormat ? userTaxId.length > 30 : !isValidSpanishTaxId(userTaxId))
    errors.push(b.taxIdInvalid);
  if (telephone && !isPlausiblePhone(telephone)) errors.push(b.phoneInvalid);
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
