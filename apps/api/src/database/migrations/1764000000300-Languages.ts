import { MigrationInterface, QueryRunner } from 'typeorm';

/** Languages on the data side (docs/domain.md, "Idiomas: datos"): the language a person booked in (their e-mails
 * and SMS go out in it; companions and waiting entries are registrations too), e-mail templates per language (at
 * most one active per type and language; a type's Spanish one is the fallback), and events' translated title and
 * description. Expand-only: new columns with defaults; the unique index of the active template per type is
 * replaced by the same index per type and language (an index, no data). */
export class Languages1764000000300 implements MigrationInterface {
  name = 'Languages1764000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE registrations
        ADD COLUMN language varchar(2) NOT NULL DEFAULT 'es'
        CONSTRAINT registrations_language_check CHECK (language IN ('es', 'ca', 'eu', 'gl', 'en'));

      ALTER TABLE email_templates
        ADD COLUMN language varchar(2) NOT NULL DEFAULT 'es'
        CONSTRAINT email_templates_language_check CHECK (language IN ('es', 'ca', 'eu', 'gl', 'en'));
      CREATE UNIQUE INDEX email_templates_active_type_language_key ON email_templates (template_type, language) WHERE is_active;
      DROP INDEX email_templates_active_type_key;

      ALTER TABLE events
        ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
        CONSTRAINT events_translations_object CHECK (jsonb_typeof(translations) = 'object');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events DROP COLUMN translations;
      DELETE FROM email_templates WHERE language <> 'es';
      CREATE UNIQUE INDEX email_templates_active_type_key ON email_templates (template_type) WHERE is_active;
      DROP INDEX email_templates_active_type_language_key;
      ALTER TABLE email_templates DROP COLUMN language;
      ALTER TABLE registrations DROP COLUMN language;
    `);
  }
}
