import { containsPattern } from './sql';

/** A registration's person as one searchable text (alias `r`): names, e-mail, DNI/NIE and phone. Exactly the
 * expression the PeopleSearch migration indexes (with the alias dropped), so keep the two the same. */
export function registrationPersonText(alias: string): string {
  const a = alias;
  return `${a}.first_name || ' ' || ${a}.last_name || ' ' || ${a}.email || ' ' || ${a}.user_tax_id || ' ' || coalesce(${a}.telephone_number, '')`;
}

/** A blacklist entry's person as one searchable text, as the PeopleSearch migration indexes it. */
export function blacklistPersonText(alias: string): string {
  const a = alias;
  return `${a}.first_name || ' ' || ${a}.last_name || ' ' || ${a}.email || ' ' || coalesce(${a}.phone_number, '')`;
}

/** The words of a staff search, each as a `%word%` pattern (its wildcards escaped); none for blank text. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean).map(containsPattern);
}

/** An accent- and case-free match of `text` against a `%word%` pattern's placeholder. */
export function unaccentedMatch(text: string, pattern: string): string {
  return `public.f_unaccent(${text}) ILIKE public.f_unaccent(${pattern})`;
}

/** The one rule of every staff search of people (docs/domain.md, "Registros: finding and slicing people"): every
 * word typed appears, in any order, without case or accents ('garcia' finds 'García', 'inigo' finds 'Íñigo'), in
 * the person's text (indexed: see registrationPersonText) or in what `also` matches for that word's pattern (an
 * event's title...). `param` adds a parameter and answers its placeholder; 'true' for no words. */
export function peopleSearchSql(
  personText: string,
  words: string[],
  param: (value: unknown) => string,
  also?: (pattern: string) => string,
): string {
  const conditions = words.map((word) => {
    const pattern = param(word);
    const person = unaccentedMatch(personText, pattern);
    return also ? `(${person} OR ${also(pattern)})` : person;
  });
  return conditions.length ? conditions.join(' AND ') : 'true';
}

/** The same rule over a few texts of a small list (logs, staff users), as a WHERE condition ('true' for a blank
 * search) with its parameters ($1..$n). */
export function textSearch(texts: string[], search: string | undefined): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const [first, ...rest] = texts;
  const where = peopleSearchSql(
    first,
    searchWords(search),
    (value) => `$${params.push(value)}`,
    rest.length ? (pattern) => rest.map((text) => unaccentedMatch(text, pattern)).join(' OR ') : undefined,
  );
  return { where, params };
}
