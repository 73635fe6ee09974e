import { MigrationInterface, QueryRunner } from 'typeorm';

/** Reminders before a session (docs/domain.md, "Reminders"): which session start each registration's reminder was
 * queued for, when a session's start last changed, the Reminder template type (3) and its Spanish default. */
export class Reminders1764000000220 implements MigrationInterface {
  name = 'Reminders1764000000220';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- The claim of the reminder sweep: set in the transaction that writes the reminder to the outboxes. A reminder
      -- is due again only when the session's start has moved later than the start it was queued for.
      ALTER TABLE registrations ADD COLUMN reminder_queued_at timestamptz, ADD COLUMN reminder_starts_at timestamptz;

      -- When the session's start last changed (any path: the session form, the event's time zone). People seated
      -- before that change get a reminder even if the new reminder time had already passed when they booked.
      ALTER TABLE event_sessions ADD COLUMN rescheduled_at timestamptz;
      CREATE FUNCTION event_sessions_rescheduled() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.rescheduled_at := now();
        RETURN NEW;
      END $$;
      -- Fires only for statements that set starts_at (never the booking engine's counter updates).
      CREATE TRIGGER event_sessions_rescheduled BEFORE UPDATE OF starts_at ON event_sessions
        FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at) EXECUTE FUNCTION event_sessions_rescheduled();
      -- The sweep starts from the sessions starting within the reminder window.
      CREATE INDEX event_sessions_starts_at_idx ON event_sessions (starts_at);

      ALTER TABLE email_templates DROP CONSTRAINT email_templates_template_type_check;
      ALTER TABLE email_templates ADD CONSTRAINT email_templates_template_type_check CHECK (template_type IN (0, 1, 2, 3));
    `);
    await q.query(
      `INSERT INTO email_templates (name, subject, html_content, plain_text_content, template_type, is_active) VALUES ($1, $2, $3, $4, 3, true)`,
      [REMINDER.name, REMINDER.subject, REMINDER.html, REMINDER.text],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM email_templates WHERE template_type = 3;
      ALTER TABLE email_templates DROP CONSTRAINT email_templates_template_type_check;
      ALTER TABLE email_templates ADD CONSTRAINT email_templates_template_type_check CHECK (template_type IN (0, 1, 2));
      DROP INDEX event_sessions_starts_at_idx;
      DROP TRIGGER event_sessions_rescheduled ON event_sessions;
      DROP FUNCTION event_sessions_rescheduled();
      ALTER TABLE event_sessions DROP COLUMN rescheduled_at;
      ALTER TABLE registrations DROP COLUMN reminder_queued_at, DROP COLUMN reminder_starts_at;
    `);
  }
}

/** The Spanish default, written here (not imported) so this migration stays what it was when it ran. The
 * 'Ya no puedo asistir' link is the registration's cancellation link: it frees the seat for the waiting list. */
const REMINDER = {
  name: 'Recordatorio',
  subject: 'Recordatorio: {{eventTitle}}, {{eventDateTime}}',
  html: `<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222; max-width: 600px;">
<p>Hola {{firstName}},</p>
<p>Te recordamos que tienes plaza en <strong>{{eventTitle}}</strong>.</p>
<ul>
  <li><strong>Evento:</strong> {{eventTitle}}</li>
  <li><strong>Fecha:</strong> {{eventDate}}</li>
  <li><strong>Horario:</strong> {{eventTimeRange}}</li>
  <li><strong>Lugar:</strong> {{address}}</li>
  <li><strong>Referencia:</strong> {{bookingReference}}</li>
{{#if organizerName}}  <li><strong>Organiza:</strong> {{organizerName}}{{#if organizerContact}} · {{organizerContact}}{{/if}}</li>
{{/if}}</ul>
<p>Si al final no puedes venir, libera tu plaza para que la ocupe la siguiente persona de la lista de espera:<br>
<a href="{{cancellationUrl}}">Ya no puedo asistir</a></p>
<p>¡Te esperamos!</p>
<p style="color: #666; font-size: 13px;">Este mensaje se ha enviado automáticamente; por favor, no respondas a este correo.</p>
</div>`,
  text: `Hola {{firstName}},

Te recordamos que tienes plaza en {{eventTitle}}.

Evento: {{eventTitle}}
Fecha: {{eventDate}}
Horario: {{eventTimeRange}}
Lugar: {{address}}
Referencia: {{bookingReference}}
{{#if organizerName}}Organiza: {{organizerName}}{{#if organizerContact}} · {{organizerContact}}{{/if}}
{{/if}}
Si al final no puedes venir, libera tu plaza para que la ocupe la siguiente persona de la lista de espera.
Ya no puedo asistir: {{cancellationUrl}}

¡Te esperamos!`,
};
