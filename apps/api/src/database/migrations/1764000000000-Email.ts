import { MigrationInterface, QueryRunner } from 'typeorm';

/** E-mail settings (one row; the SMTP password sealed with APP_SECRET, a version bumped on every change so each
 * instance rebuilds its SMTP transport), templates (at most one active per type) with the Spanish defaults, and
 * the delivery columns of the outbox: a lease (`claimed_until`) so one worker sends each message, and when the
 * next try is due (`next_attempt_at`, exponential backoff). */
export class Email1764000000000 implements MigrationInterface {
  name = 'Email1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        email_enabled boolean NOT NULL DEFAULT false,
        smtp_host varchar(255) NOT NULL DEFAULT '',
        smtp_port int NOT NULL DEFAULT 587 CHECK (smtp_port BETWEEN 1 AND 65535),
        smtp_username varchar(255) NOT NULL DEFAULT '',
        smtp_password_sealed text,
        smtp_use_ssl boolean NOT NULL DEFAULT true,
        from_address varchar(254) NOT NULL DEFAULT '',
        from_name varchar(200) NOT NULL DEFAULT '',
        base_url varchar(500) NOT NULL DEFAULT '',
        version int NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO email_settings (id) VALUES (1);

      CREATE TABLE email_templates (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        subject varchar(300) NOT NULL,
        html_content text NOT NULL,
        plain_text_content text,
        template_type smallint NOT NULL CHECK (template_type IN (0, 1, 2)),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- The template used for a type is its active one: there is at most one.
      CREATE UNIQUE INDEX email_templates_active_type_key ON email_templates (template_type) WHERE is_active;

      ALTER TABLE email_messages
        ADD COLUMN claimed_until timestamptz,
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
      DROP INDEX email_messages_pending_idx;
      CREATE INDEX email_messages_due_idx ON email_messages (next_attempt_at, id) WHERE status = 0;
      CREATE INDEX email_messages_created_idx ON email_messages (created_at DESC, id DESC);
    `);
    for (const t of DEFAULT_TEMPLATES) {
      await q.query(
        `INSERT INTO email_templates (name, subject, html_content, plain_text_content, template_type, is_active) VALUES ($1, $2, $3, $4, $5, true)`,
        [t.name, t.subject, t.html, t.text, t.type],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX email_messages_created_idx;
      DROP INDEX email_messages_due_idx;
      CREATE INDEX email_messages_pending_idx ON email_messages (created_at) WHERE status = 0;
      ALTER TABLE email_messages DROP COLUMN claimed_until, DROP COLUMN next_attempt_at;
      DROP TABLE email_templates, email_settings;
    `);
  }
}

const layout = (
  body: string,
) => `<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222; max-width: 600px;">
${body}
<p style="color: #666; font-size: 13px;">Este mensaje se ha enviado automáticamente; por favor, no respondas a este correo.</p>
</div>`;

const details = `<ul>
  <li><strong>Evento:</strong> {{eventTitle}}</li>
  <li><strong>Fecha:</strong> {{eventDate}}</li>
  <li><strong>Horario:</strong> {{eventTimeRange}}</li>
  <li><strong>Lugar:</strong> {{address}}</li>
</ul>`;

const textDetails = `Evento: {{eventTitle}}
Fecha: {{eventDate}}
Horario: {{eventTimeRange}}
Lugar: {{address}}`;

/** The Spanish defaults, one active per type (0 Registration, 1 Queue, 2 Promotion). Written here, not imported,
 * so this migration stays what it was when it ran. */
const DEFAULT_TEMPLATES = [
  {
    type: 0,
    name: 'Confirmación de inscripción',
    subject: 'Inscripción confirmada: {{eventTitle}}',
    html: layout(`<p>Hola {{firstName}},</p>
<p>Tu inscripción en <strong>{{eventTitle}}</strong> está confirmada.</p>
${details}
<p>Adjuntamos el evento para que puedas añadirlo a tu calendario.</p>
<p>Si no puedes asistir, cancela tu plaza para que otra persona pueda ocuparla:<br>
<a href="{{cancellationUrl}}">Cancelar mi inscripción</a></p>
<p>¡Te esperamos!</p>`),
    text: `Hola {{firstName}},

Tu inscripción en {{eventTitle}} está confirmada.

${textDetails}

Si no puedes asistir, cancela tu plaza para que otra persona pueda ocuparla:
{{cancellationUrl}}

¡Te esperamos!`,
  },
  {
    type: 1,
    name: 'Lista de espera',
    subject: 'Estás en la lista de espera: {{eventTitle}}',
    html: layout(`<p>Hola {{firstName}},</p>
<p>No quedaban plazas libres en <strong>{{eventTitle}}</strong>, así que te hemos apuntado a la lista de espera.</p>
<p>Tu posición en la lista: <strong>{{queuePosition}}</strong></p>
${details}
<p>Si se libera una plaza te la asignaremos por orden de lista y te avisaremos por email.</p>
<p>Si ya no te interesa, puedes salir de la lista:<br>
<a href="{{cancellationUrl}}">Salir de la lista de espera</a></p>`),
    text: `Hola {{firstName}},

No quedaban plazas libres en {{eventTitle}}, así que te hemos apuntado a la lista de espera.
Tu posición en la lista: {{queuePosition}}

${textDetails}

Si se libera una plaza te la asignaremos por orden de lista y te avisaremos por email.

Si ya no te interesa, puedes salir de la lista:
{{cancellationUrl}}`,
  },
  {
    type: 2,
    name: 'Plaza conseguida',
    subject: '¡Tienes plaza! {{eventTitle}}',
    html: layout(`<p>Hola {{firstName}},</p>
<p>¡Buenas noticias! Se ha liberado una plaza en <strong>{{eventTitle}}</strong> y ya es tuya: tu inscripción está confirmada.</p>
${details}
<p>Adjuntamos el evento para que puedas añadirlo a tu calendario.</p>
<p>Si no puedes asistir, cancela tu plaza para que otra persona pueda ocuparla:<br>
<a href="{{cancellationUrl}}">Cancelar mi inscripción</a></p>`),
    text: `Hola {{firstName}},

¡Buenas noticias! Se ha liberado una plaza en {{eventTitle}} y ya es tuya: tu inscripción está confirmada.

${textDetails}

Si no puedes asistir, cancela tu plaza para que otra persona pueda ocuparla:
{{cancellationUrl}}`,
  },
];
