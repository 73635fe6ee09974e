/** A person's fields that staff search by, whatever the list (a session's people, a waiting list). */
export interface Searchable {
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber?: string | null;
  phoneNumber?: string | null;
}

/** Lower case, without accents or spaces at the ends: 'Íñigo ' finds 'iñigo' and 'inigo'. */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The people whose name, e-mail, DNI/NIE or phone contain every word typed (any order, no accents needed);
 * an empty search keeps everyone. The same array when nothing is typed, so a memoised list stays the same. */
export function searchPeople<T extends Searchable>(people: readonly T[], text: string): readonly T[] {
  const words = folded(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return people;
  return people.filter((p) => {
    const haystack = folded(
      [p.firstName, p.lastName, p.email, p.userTaxId, p.telephoneNumber ?? '', p.phoneNumber ?? ''].join(' '),
    );
    const digits = haystack.replace(/[\s.-]/g, '');
    return words.every((w) => haystack.includes(w) || digits.includes(w.replace(/[\s.-]/g, '')));
  });
}
