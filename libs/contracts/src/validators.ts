/** Pure validators shared by the API and both apps, so a visitor sees the same verdict in the browser as the
 * server gives. */

/** One address: no spaces, one @, a dotted domain whose last label has 2+ letters. */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email) && !email.includes('..');
}

/** E-mail addresses are compared and stored in this form. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const DNI_PATTERN = /^(\d{8})([A-Z])$/;
const NIE_PATTERN = /^([XYZ])(\d{7})([A-Z])$/;

/** Upper case without spaces, dots or hyphens: '12.345.678-z' -> '12345678Z'. */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** A Spanish DNI (8 digits + check letter) or NIE (X/Y/Z + 7 digits + check letter), check letter verified. */
export function isValidSpanishTaxId(value: string): boolean {
  const id = normalizeTaxId(value);
  const dni = DNI_PATTERN.exec(id);
  if (dni) return DNI_LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = NIE_PATTERN.exec(id);
  if (nie) {
    const number = Number(`${'XYZ'.indexOf(nie[1])}${nie[2]}`);
    return DNI_LETTERS[number % 23] === nie[3];
  }
  return false;
}

/** A plausible phone number: optional leading + or 00, then 9 to 15 digits; spaces, dots, hyphens and
 * parentheses are allowed as separators. */
export function isPlausiblePhone(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  return /^(\+|00)?\d{9,15}$/.test(compact);
}

/** Characters that show nothing: format characters (zero-width space and joiners, direction marks, BOM, soft
 * hyphen), combining marks on their own, spaces, and the blank fillers of Hangul and Braille. */
const INVISIBLE = /[\p{Cf}\p{M}\p{White_Space}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** Control characters (NUL, tab, CR, LF...) and the line and paragraph separators. */
const CONTROL_OR_BREAK = /[\p{Cc}\u2028\u2029]/u;

/** A person's first name or last name: one line without control characters, and at least one visible
 * character (a name made only of zero-width characters is no name). */
export function isValidPersonName(value: string): boolean {
  return !CONTROL_OR_BREAK.test(value) && value.replace(INVISIBLE, '').length > 0;
}

/** The booking page's random token for a visitor (a UUID), sent in the body of a hold and as X-Session-Token. */
export const SESSION_TOKEN_LENGTH = { min: 16, max: 100 } as const;
const SESSION_TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{${SESSION_TOKEN_LENGTH.min},${SESSION_TOKEN_LENGTH.max}}$`);

export function isValidSessionToken(value: string): boolean {
  return SESSION_TOKEN_PATTERN.test(value);
}
