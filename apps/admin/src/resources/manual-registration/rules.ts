import {
  isPlausiblePhone,
  isValidEmail,
  isValidSpanishTaxId,
  MESSAGES,
  normalizeEmail,
  type AdminRegistration,
  type ManualRegistrationConfirmation,
  type ManualRegistrationResponse,
  type Session,
} from '@evreg/contracts';
import { HttpError } from 'react-admin';
import { isActive, serverErrorsText } from '../registrations/rules';

/** The manual registration form (docs/product.md §3): the person, the foreign-passport option and the consent. */
export interface ManualForm {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  userTaxId: string;
  telephoneNumber: string;
  bypassValidation: boolean;
  gdprConsent: boolean;
}

export type ManualField = keyof ManualForm | 'session';
export type ManualErrors = Partial<Record<ManualField, string>>;

export const EMPTY_PERSON: Omit<ManualForm, 'gdprConsent'> = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  userTaxId: '',
  telephoneNumber: '',
  bypassValidation: false,
};

/** docs/product.md §5, manual registration. Values are trimmed for the required checks; the phone is optional. With the
 * foreign-passport option the document is not checked as a DNI/NIE, but a passport number is still needed. */
export const MANUAL_MESSAGES = {
  firstName: 'Nombre es requerido',
  lastName: 'Apellidos son requeridos',
  emailRequired: 'Email es requerido',
  emailInvalid: 'Email no es válido',
  confirmEmailRequired: 'Confirmar email es requerido',
  emailMismatch: 'Los emails no coinciden',
  taxIdRequired: 'DNI/NIE es requerido',
  taxIdInvalid: MESSAGES.booking.taxIdInvalid,
  passportRequired: 'Número de pasaporte es requerido',
  phoneInvalid: MESSAGES.booking.phoneInvalid,
  session: 'Por favor selecciona una sesión',
  consent: 'Debe aceptar la política de privacidad para continuar',
} as const;

export function validateManual(form: ManualForm, sessionChosen: boolean): ManualErrors {
  const m = MANUAL_MESSAGES;
  const errors: ManualErrors = {};
  const email = form.email.trim();
  const confirm = form.confirmEmail.trim();
  const taxId = form.userTaxId.trim();
  const phone = form.telephoneNumber.trim();
  if (!form.firstName.trim()) errors.firstName = m.firstName;
  if (!form.lastName.trim()) errors.lastName = m.lastName;
  if (!email) errors.email = m.emailRequired;
  else if (!isValidEmail(email)) errors.email = m.emailInvalid;
  if (!confirm) errors.confirmEmail = m.confirmEmailRequired;
  else if (email && normalizeEmail(confirm) !== normalizeEmail(email)) errors.confirmEmail = m.emailMismatch;
  if (form.bypassValidation) {
    if (!taxId) errors.userTaxId = m.passportRequired;
  } else if (!taxId) errors.userTaxId = m.taxIdRequired;
  else if (!isValidSpanishTaxId(taxId)) errors.userTaxId = m.taxIdInvalid;
  if (phone && !isPlausiblePhone(phone)) errors.telephoneNumber = m.phoneInvalid;
  if (!sessionChosen) errors.session = m.session;
  if (!form.gdprConsent) errors.gdprConsent = m.consent;
  return errors;
}

/** What is sent: trimmed, an empty phone left out. */
export function manualFormData(form: ManualForm) {
  const phone = form.telephoneNumber.trim();
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    confirmEmail: form.confirmEmail.trim(),
    userTaxId: form.userTaxId.trim(),
    ...(phone ? { telephoneNumber: phone } : {}),
    gdprConsent: form.gdprConsent,
    bypassValidation: form.bypassValidation,
  };
}

export function needsConfirmation(
  answer: ManualRegistrationResponse | ManualRegistrationConfirmation,
): answer is ManualRegistrationConfirmation {
  return 'requiresConfirmation' in answer && answer.requiresConfirmation === true && answer.reservedSpotsFull === true;
}

/** docs/product.md §8: the success text. */
export function successText(answer: ManualRegistrationResponse): string {
  return answer.queued
    ? `Persona añadida a la lista de espera. Posición en cola: ${answer.queuePosition}`
    : 'Registro manual completado exitosamente';
}

/** docs/product.md §8: the person's errors joined by commas, else the server's message, else 'Error al crear el registro'. */
export function failureText(error: unknown): string {
  const attendeeErrors =
    error instanceof HttpError ? (error.body?.attendeeErrors as Record<string, string[]> | undefined) : undefined;
  const texts = Object.values(attendeeErrors ?? {})
    .flat()
    .filter(Boolean);
  if (texts.length) return [...new Set(texts)].join(', ');
  return serverErrorsText(error, 'Error al crear el registro');
}

/** The three tiles of the chosen session (docs/product.md §2). Active and cancelled are counted from its registrations,
 * when they could be read. */
export function tileFigures(
  session: Pick<
    Session,
    'usedReservedSpots' | 'reservedSpots' | 'currentQueueCount' | 'maxQueueSpots' | 'registeredCount' | 'maxAttendees'
  >,
  registrations?: readonly Pick<AdminRegistration, 'status'>[],
) {
  const active = registrations?.filter((r) => isActive(r.status)).length;
  return {
    reserved: `${session.usedReservedSpots}/${session.reservedSpots}`,
    queue: `${session.currentQueueCount}/${session.maxQueueSpots}`,
    total: `${session.registeredCount}/${session.maxAttendees}`,
    detail: registrations ? `Activos: ${active} · Cancelados: ${registrations.length - active!}` : null,
  };
}

/** The list of all registrations, split: active (badge RESERVADO when on a reserved spot, else ACTIVO) and cancelled. */
export function splitRegistrations<T extends Pick<AdminRegistration, 'status' | 'usesReservedSpot'>>(
  registrations: readonly T[],
) {
  return {
    active: registrations
      .filter((r) => isActive(r.status))
      .map((r) => ({ registration: r, badge: r.usesReservedSpot ? ('RESERVADO' as const) : ('ACTIVO' as const) })),
    cancelled: registrations.filter((r) => !isActive(r.status)),
  };
}

/** The event or session chosen, as kept in the page's address (?event=5&session=12) so a reload keeps them: a
 * positive whole number, else nothing chosen. */
export function idFromQuery(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
