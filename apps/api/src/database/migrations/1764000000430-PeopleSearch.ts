import { MigrationInterface, QueryRunner } from 'typeorm';

/** One rule wherever staff search people (docs/domain.md, "Registros: finding and slicing people"): without case or
 * accents, so 'garcia' finds 'García' and 'inigo' finds 'Íñigo'. `unaccent` is only STABLE (its dictionary could
 * change), so it can't be indexed: f_unaccent wraps it with the dictionary named, declared IMMUTABLE, and the
 * trigram indexes (pg_trgm) serve `f_unaccent(<person text>) ILIKE f_unaccent('%word%')` on the registrations and
 * the blacklist. Both extensions ship with PostgreSQL's contrib and with PGlite's (loaded in embedded-postgres.ts). */
export class PeopleSearch1764000000430 implements MigrationInterface {
  name = 'PeopleSearch1764000000430';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await q.query(`
      CREATE FUNCTION public.f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);
    // The expressions must stay exactly those of database/people-search.ts, or the planner can't use the indexes.
    await q.query(`
      CREATE INDEX registrations_people_search_idx ON registrations USING gin (
        public.f_unaccent(first_name || ' ' || last_name || ' ' || email || ' ' || user_tax_id || ' ' || coalesce(telephone_number, ''))
        public.gin_trgm_ops)`);
    await q.query(`
      CREATE INDEX blacklist_entries_people_search_idx ON blacklist_entries USING gin (
        public.f_unaccent(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone_number, ''))
        public.gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX blacklist_entries_people_search_idx`);
    await q.query(`DROP INDEX registrations_people_search_idx`);
    await q.query(`DROP FUNCTION public.f_unaccent(text)`);
  }
}
