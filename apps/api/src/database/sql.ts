/** `%text%` for ILIKE, with the pattern's own wildcards escaped so a search for "50%" means that text. */
export function containsPattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A session as staff read it, '2026-12-01 10:00-11:30' (the date alone for an all-day session), from the
 * event_sessions row of `alias`. */
export function sessionInfoSql(alias: string): string {
  return `to_char(${alias}.start_date, 'YYYY-MM-DD') || CASE WHEN ${alias}.is_all_day THEN '' ELSE ' ' || to_char(${alias}.start_time, 'HH24:MI') || '-' || to_char(${alias}.end_time, 'HH24:MI') END`;
}

/** The same in Spanish, as the history names a session: '01/12/2026 10:00-11:30', '01/12/2026 (todo el día)'. */
export function sessionInSpanishSql(alias: string): string {
  return `to_char(${alias}.start_date, 'DD/MM/YYYY') || CASE WHEN ${alias}.is_all_day THEN ' (todo el día)' ELSE ' ' || to_char(${alias}.start_time, 'HH24:MI') || '-' || to_char(${alias}.end_time, 'HH24:MI') END`;
}
