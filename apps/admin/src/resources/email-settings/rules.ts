import { EMAIL_MESSAGES, isValidEmail, type EmailSettings, type UpdateEmailSettingsRequest } from '@evreg/contracts';

/** The SMTP form's values: real booleans (the server answers them as "true"/"false"), the port as typed, the
 * password always empty (write-only: typing one replaces the stored one, empty keeps it). */
export interface EmailSettingsForm {
  emailEnabled: boolean;
  smtpHost: string;
  smtpPort: string;
  smtpUsername: string;
  smtpPassword: string;
  smtpUseSsl: boolean;
  emailFromAddress: string;
  emailFromName: string;
  baseUrl: string;
}

/** docs/product.md §5 and §9: port 587 and SSL on by default. */
export const DEFAULT_SMTP_PORT = 587;

/** "true" / "false" (or a real boolean) as a boolean; anything else takes the default. */
export function asBoolean(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fallback;
}

export function formFromSettings(settings: Partial<EmailSettings> | null | undefined): EmailSettingsForm {
  const port = Number(settings?.smtpPort);
  return {
    emailEnabled: asBoolean(settings?.emailEnabled, false),
    smtpHost: settings?.smtpHost ?? '',
    smtpPort: String(Number.isInteger(port) && port > 0 ? port : DEFAULT_SMTP_PORT),
    smtpUsername: settings?.smtpUsername ?? '',
    smtpPassword: '',
    smtpUseSsl: asBoolean(settings?.smtpUseSsl, true),
    emailFromAddress: settings?.emailFromAddress ?? '',
    emailFromName: settings?.emailFromName ?? '',
    baseUrl: settings?.baseUrl ?? '',
  };
}

/** The PUT body: trimmed texts, the port as a number, and the password only when one was typed (empty keeps
 * the stored one). */
export function requestFromForm(form: EmailSettingsForm): UpdateEmailSettingsRequest {
  const body: UpdateEmailSettingsRequest = {
    emailEnabled: form.emailEnabled,
    smtpHost: form.smtpHost.trim(),
    smtpPort: form.smtpPort.trim() === '' ? DEFAULT_SMTP_PORT : Number(form.smtpPort.trim()),
    smtpUsername: form.smtpUsername.trim(),
    smtpUseSsl: form.smtpUseSsl,
    emailFromAddress: form.emailFromAddress.trim(),
    emailFromName: form.emailFromName.trim(),
    baseUrl: form.baseUrl.trim(),
  };
  if (form.smtpPassword !== '') body.smtpPassword = form.smtpPassword;
  return body;
}

/** The checks the server makes, said before sending: enabling needs a host and a sender address; the port is
 * 1-65535; the sender address and the base URL must be valid when given. Answers { field: message }. */
export function settingsErrors(form: EmailSettingsForm): Partial<Record<keyof EmailSettingsForm, string>> {
  const errors: Partial<Record<keyof EmailSettingsForm, string>> = {};
  const host = form.smtpHost.trim();
  const from = form.emailFromAddress.trim();
  const port = form.smtpPort.trim();
  const baseUrl = form.baseUrl.trim();
  if (form.emailEnabled && host === '') errors.smtpHost = EMAIL_MESSAGES.smtpHostRequired;
  else if (/[\s/:@]/.test(host)) errors.smtpHost = EMAIL_MESSAGES.smtpHostInvalid;
  if (port !== '' && (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535))
    errors.smtpPort = EMAIL_MESSAGES.smtpPortInvalid;
  if (form.emailEnabled && from === '') errors.emailFromAddress = EMAIL_MESSAGES.fromAddressRequired;
  else if (from !== '' && !isValidEmail(from)) errors.emailFromAddress = EMAIL_MESSAGES.fromAddressInvalid;
  if (baseUrl !== '' && !/^https?:\/\/[^\s?#]+$/i.test(baseUrl)) errors.baseUrl = EMAIL_MESSAGES.baseUrlInvalid;
  return errors;
}

export const TEST_NEEDS_ENABLED = 'Activa el envío de emails y guarda la configuración para enviar una prueba';
export const TEST_NEEDS_ADDRESS = 'Indica el email al que enviar la prueba';
export const TEST_ADDRESS_INVALID = 'Email no es válido';

/** docs/product.md §5: the test e-mail needs sending enabled (in the saved settings: the server sends with those) and an
 * address. null when it can be sent. */
export function testEmailProblem(savedEnabled: boolean, address: string): string | null {
  if (!savedEnabled) return TEST_NEEDS_ENABLED;
  if (address.trim() === '') return TEST_NEEDS_ADDRESS;
  if (!isValidEmail(address.trim())) return TEST_ADDRESS_INVALID;
  return null;
}
