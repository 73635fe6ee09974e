import { MigrationInterface, QueryRunner } from 'typeorm';

/** The confirmation and promotion defaults carry the person's ticket (docs/domain.md, "Tickets"): the QR image and
 * the code in text. As OrganizerInEmails did, only templates staff never touched (updated_at still equal to
 * created_at, the text as the earlier migrations wrote it) change; an edited template gets the composer's ticket
 * section appended instead (withTicket in email-composer.ts). */
export class TicketInEmails1764000000210 implements MigrationInterface {
  name = 'TicketInEmails1764000000210';

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
        WHERE updated_at = created_at AND template_type IN (0, 2)
          AND strpos(html_content, $1) > 0 AND strpos(plain_text_content, $3) > 0`,
      [...html, ...text],
    );
  }
}

const HTML_BEFORE = `<p>Adjuntamos el evento para que puedas añadirlo a tu calendario.</p>`;
const HTML_AFTER = `{{#if ticketCode}}<p><strong>Tu entrada</strong><br>
Muestra este código QR en la entrada del evento (o di el código si no puedes mostrarlo):</p>
<p>{{ticketQr}}</p>
<p style="font-family: monospace; font-size: 16px;">{{ticketCode}}</p>
{{/if}}<p>Adjuntamos el evento para que puedas añadirlo a tu calendario.</p>`;
const TEXT_BEFORE = `
Si no puedes asistir, cancela tu plaza`;
const TEXT_AFTER = `
{{#if ticketCode}}Tu entrada: {{ticketCode}}
Muestra el código QR de la versión HTML de este correo en la entrada del evento, o di este código.

{{/if}}Si no puedes asistir, cancela tu plaza`;
