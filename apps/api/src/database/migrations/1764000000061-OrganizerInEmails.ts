import { MigrationInterface, QueryRunner } from 'typeorm';

/** The default templates name the booking reference and the organiser with their contact (docs/domain.md,
 * "E-mail"). Only templates staff never touched (updated_at still equal to created_at, the event details list as
 * written by the Email migration) are changed; any other template gets the composer's 'Organiza: …' line. */
export class OrganizerInEmails1764000000061 implements MigrationInterface {
  name = 'OrganizerInEmails1764000000061';

  async up(q: QueryRunner): Promise<void> {
    await this.swap(q, [HTML_BEFORE, HTML_AFTER], [TEXT_BEFORE, TEXT_AFTER]);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.swap(q, [HTML_AFTER, HTML_BEFORE], [TEXT_AFTER, TEXT_BEFORE]);
  }

  private async swap(q: QueryRunner, html: [string, string], text: [string, string]): Promise<void> {
    await q.query(
      `UPDATE email_templates
          SET html_content = replace(html_content, $1, $2), plain_text_content = replace(plain_text_content, $3, $4)
        WHERE updated_at = created_at AND template_type IN (0, 1, 2)
          AND strpos(html_content, $1) > 0 AND strpos(plain_text_content, $3) > 0`,
      [...html, ...text],
    );
  }
}

const CONTACT = '{{#if organizerContact}} · {{organizerContact}}{{/if}}';
const HTML_BEFORE = `  <li><strong>Lugar:</strong> {{address}}</li>
</ul>`;
const HTML_AFTER = `  <li><strong>Lugar:</strong> {{address}}</li>
  <li><strong>Referencia:</strong> {{bookingReference}}</li>
{{#if organizerName}}  <li><strong>Organiza:</strong> {{organizerName}}${CONTACT}</li>
{{/if}}</ul>`;
const TEXT_BEFORE = `Lugar: {{address}}
`;
const TEXT_AFTER = `Lugar: {{address}}
Referencia: {{bookingReference}}
{{#if organizerName}}Organiza: {{organizerName}}${CONTACT}
{{/if}}`;
