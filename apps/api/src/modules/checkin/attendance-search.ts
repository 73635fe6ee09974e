import { normalizeEmail, normalizeTaxId } from '@evreg/contracts';
import { unaccentedMatch } from '../../database/people-search';
import { containsPattern } from '../../database/sql';

/** The door's search ('nombre, email o DNI') as a condition on registrations `r`, its parameters numbered from
 * `first`. Names match by part, without case or accents. Those who may see e-mails and DNI (Registrations.Read) find by part of them too;
 * the door role and door links only by the whole e-mail or DNI, as a visitor says it: they never see either, and a
 * match by part would let them learn an address letter by letter. docs/domain.md, "Check-in at the door". */
export function attendanceSearch(
  search: string | undefined,
  seesContact: boolean,
  first: number,
): { sql: string; params: unknown[] } | null {
  const text = search?.trim();
  if (!text) return null;
  const [name, email, taxId] = [`$${first}`, `$${first + 1}`, `$${first + 2}`];
  const id = normalizeTaxId(text);
  // Names as every staff search of people reads them: without case or accents ('perez' finds 'Pérez').
  const byName = unaccentedMatch(`(r.first_name || ' ' || r.last_name)`, name);
  return seesContact
    ? {
        sql: `(${byName} OR r.email ILIKE ${email} OR r.user_tax_id ILIKE ${taxId})`,
        params: [containsPattern(text), containsPattern(text), id ? containsPattern(id) : null],
      }
    : {
        sql: `(${byName} OR lower(r.email) = ${email} OR r.user_tax_id = ${taxId})`,
        params: [containsPattern(text), normalizeEmail(text), id || null],
      };
}
