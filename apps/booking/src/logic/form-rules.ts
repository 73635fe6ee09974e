import { isValidEmail, type AttendeeForm, type RegistrationErrorResponse, type Session } from '@evreg/contracts';
import { t } from '../i18n';
import { queueRoom } from './format';

export type Field = 'firstName' | 'lastName' | 'email' | 'confirmEmail' | 'userTaxId' | 'telephoneNumber';
export type FieldErrors = Partial<Record<Field, string>>;
export type AttendeeValues = Required<AttendeeForm> & { telephoneNumber: string };

/** A refusal from the server (its JSON body), or a network failure turned into one. `errors` may come as a
 * list or as a field → message(s) map (docs/product.md §3). */
export type ApiFailure = Omit<Partial<RegistrationErrorResponse>, 'errors'> & {
  message?: string;
  errors?: string[] | Record<string, string | string[]>;
};

export const EMPTY_ATTENDEE: AttendeeValues = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  userTaxId: '',
  telephoneNumber: '',
};

/** 'Debe aceptar la política de privacidad para continuar', in the visitor's language. */
export const consentRequired = () => t('validate.consent');

/** The spec's client checks for one person (section 5), in the visitor's language, plus the first name: marked
 * required and refused by the API, so checked here too (issue 31, docs/booking.md). */
export function validateAttendee(a: AttendeeValues): FieldErrors {
  const e: FieldErrors = {};
  if (!a.firstName.trim()) e.firstName = t('validate.firstNameRequired');
  if (!a.lastName.trim()) e.lastName = t('validate.lastNameRequired');
  if (!a.email.trim()) e.email = t('validate.emailRequired');
  else if (!isValidEmail(a.email)) e.email = t('validate.emailInvalid');
  if (!a.confirmEmail.trim()) e.confirmEmail = t('validate.confirmRequired');
  else if (a.confirmEmail.trim() !== a.email.trim()) e.confirmEmail = t('validate.mismatch');
  if (!a.userTaxId.trim()) e.userTaxId = t('validate.taxIdRequired');
  return e;
}

/** Which fields a server text is about, by keywords (section 5) in the five languages the API answers in: tax-ID
 * words, then e-mail words (plus the confirmation when 'confirm'/'berrets' appears), then telephone words, then
 * last-name words, then first-name words. */
export function fieldsFor(text: string): Field[] {
  const s = text.toLowerCase();
  if (/\b(dni|nie|nif|nan|aiz)\b|tax|documento|identidad|pasaporte/.test(s)) return ['userTaxId'];
  if (/correo|correu|e-?mail|elektroniko/.test(s))
    return /confirm|berrets/.test(s) ? ['email', 'confirmEmail'] : ['email'];
  if (/tel[eèé]fono?|m[oò]bil|m[oó]vil|phone/.test(s)) return ['telephoneNumber'];
  if (/apellido|apelido|cognom|abizen|last ?name/.test(s)) return ['lastName'];
  if (/nombre|\bnom\b|\bnome\b|izena|first ?name/.test(s)) return ['firstName'];
  return [];
}

/** The fields' names as the form shows them, for a server message that doesn't name its field. */
const FIELD_KEYS = {
  firstName: 'field.firstName',
  lastName: 'field.lastName',
  email: 'field.email',
  confirmEmail: 'field.confirmEmail',
  userTaxId: 'field.userTaxId',
  telephoneNumber: 'field.telephoneNumber',
} as const;
export const fieldName = (key: string): string => (key in FIELD_KEYS ? t(FIELD_KEYS[key as Field]) : key);

/** The server's `errors` (a list, or a field → message(s) map) as a flat list of texts. A map key is kept as
 * a prefix only when the text alone would not say which field it is about. */
export function flatErrors(errors: ApiFailure['errors']): string[] {
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map(String);
  return Object.entries(errors).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((m) => `${m}`).map((m) => (fieldsFor(m).length ? m : `${fieldName(k)}: ${m}`)),
  );
}

/** A server refusal spread over the form's fields: attendee errors to their person; flat errors (or the
 * message alone) to every person of the form (section 5: in two-person mode they apply to both). */
export function serverFieldErrors(err: ApiFailure | null, count: number): FieldErrors[] {
  const out: FieldErrors[] = Array.from({ length: count }, () => ({}));
  if (!err) return out;
  const put = (i: number, msg: string) => fieldsFor(msg).forEach((f) => (out[i][f] ??= msg));
  if (err.attendeeErrors) {
    Object.entries(err.attendeeErrors).forEach(([k, msgs]) => {
      const i = Number(k);
      if (i < count) msgs.forEach((m) => put(i, m));
    });
  }
  // A field → message(s) map keyed by the field's own name says where it goes, whatever the words.
  if (err.errors && !Array.isArray(err.errors))
    Object.entries(err.errors).forEach(([k, v]) => {
      if (k in EMPTY_ATTENDEE)
        for (let i = 0; i < count; i++) out[i][k as Field] ??= String(Array.isArray(v) ? v[0] : v);
    });
  const flat = flatErrors(err.errors);
  if (!err.attendeeErrors && !flat.length && err.message) flat.push(err.message);
  for (let i = 0; i < count; i++) flat.forEach((m) => put(i, m));
  return out;
}

/** What the 'Error de registro:' box lists: per person when the server named people, else the message, the
 * errors, the title, or the generic text (section 8). */
export type ErrorBoxContent =
  | { kind: 'people'; groups: { heading: string; messages: string[] }[] }
  | { kind: 'list'; messages: string[] }
  | { kind: 'text'; text: string };

export function errorBoxContent(error: ApiFailure, count: number): ErrorBoxContent {
  const ae = error.attendeeErrors;
  if (ae && Object.keys(ae).length) {
    return {
      kind: 'people',
      groups: Object.entries(ae).map(([k, messages]) => ({
        heading: t(
          count === 1 ? 'form.errorsHeading' : k === '0' ? 'form.firstPersonHeading' : 'form.companionHeading',
        ),
        messages,
      })),
    };
  }
  if (error.message) return { kind: 'text', text: error.message };
  const flat = flatErrors(error.errors);
  if (flat.length) return { kind: 'list', messages: flat };
  if (error.title) return { kind: 'text', text: error.title };
  return { kind: 'text', text: t('common.unexpectedRetry') };
}

/** How many of the form's people will go to the waiting list (0, 1 or 2): shown when a waiting list exists
 * and the people outnumber the free places. */
export function peopleQueued(session: Session, attendees: 1 | 2): 0 | 1 | 2 {
  const free = Math.max(0, session.availableSpots);
  if (queueRoom(session) <= 0 || attendees <= free) return 0;
  return attendees === 2 && free === 0 ? 2 : 1;
}

/** Two people asked for, but the free places and the waiting list's room together fit only one: the form
 * falls back to a single person. */
export const forcedSingle = (session: Session, attendees: 1 | 2) =>
  attendees === 2 && Math.max(0, session.availableSpots) + queueRoom(session) < 2;
