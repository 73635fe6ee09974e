/** A phone number as Netelip's `destination` wants it: international, with the 00 prefix (0034600123456).
 * - `+CC…` becomes `00CC…`; `00CC…` stays.
 * - 9 digits starting with 6 or 7 (a Spanish mobile) get 0034; `34` + such a number gets 00.
 * - Anything else (a Spanish landline, which can't take SMS, or a foreign number without its prefix) is null.
 * Spaces, dots, hyphens and parentheses are ignored. */
export function netelipDestination(phone: string): string | null {
  const compact = phone.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(compact)) return `00${compact.slice(1)}`;
  if (/^00\d{8,15}$/.test(compact)) return compact;
  if (/^[67]\d{8}$/.test(compact)) return `0034${compact}`;
  if (/^34[67]\d{8}$/.test(compact)) return `00${compact}`;
  return null;
}
