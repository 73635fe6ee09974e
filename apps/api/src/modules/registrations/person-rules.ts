import { MESSAGES, isValidSpanishTaxId, normalizeTaxId } from '@evreg/contracts';
import { AppError } from '../../common/http/app-error';
import { isUniqueViolation } from '../../database/pg-errors';

const b = MESSAGES.booking;

/** The tax ID to store when staff edit a person: a DNI/NIE is normalised; another document (a passport taken
 * with bypassValidation) may only replace another document, upper-cased. */
export function taxIdToStore(input: string, current: string): string {
  if (isValidSpanishTaxId(input)) return normalizeTaxId(input);
  if (!isValidSpanishTaxId(current)) return input.trim().toUpperCase();
  throw AppError.field('userTaxId', b.taxIdInvalid);
}

const DUPLICATE_BY_INDEX: Record<string, { field: string; message: string }> = {
  registrations_person_email_key: { field: 'email', message: b.duplicateEmail },
  registrations_person_tax_id_key: { field: 'userTaxId', message: b.duplicateTaxId },
};

/** The 409 for a write refused by the one-person-per-session unique indexes, or null for any other error. */
export function duplicatePersonConflict(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const candidate = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  const duplicate = DUPLICATE_BY_INDEX[String(candidate?.driverError?.constraint ?? candidate?.constraint ?? '')];
  return duplicate ? AppError.conflict(duplicate.message, { [duplicate.field]: [duplicate.message] }) : null;
}
