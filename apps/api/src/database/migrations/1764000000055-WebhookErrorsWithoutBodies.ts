import { MigrationInterface, QueryRunner } from 'typeorm';

/** A delivery's reason no longer quotes the receiver (docs/domain.md, "Webhooks", "Destinations"): before, a failure
 * answered with a status kept 'HTTP 500: <up to 200 characters of the body>' or a redirect's Location, so an internal
 * service could be read through the delivery log. Every reason recorded with a status came from an answer: each is
 * rewritten to the status alone, as the sender now writes it. Nothing to undo: the bodies are gone on purpose. */
export class WebhookErrorsWithoutBodies1764000000055 implements MigrationInterface {
  name = 'WebhookErrorsWithoutBodies1764000000055';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE webhook_deliveries
         SET last_error = 'El receptor respondió ' || last_status_code ||
                          CASE WHEN last_status_code BETWEEN 300 AND 399 THEN ': redirección no seguida' ELSE '' END
       WHERE last_status_code IS NOT NULL AND last_error IS NOT NULL
    `);
  }

  async down(): Promise<void> {
    // The bodies are not kept anywhere: there is nothing to put back.
  }
}
