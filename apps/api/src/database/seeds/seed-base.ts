import { Logger } from '@nestjs/common';
import {
  ADMIN_ROLE_NAME,
  CHECKIN_PERMISSIONS,
  DOOR_ROLE_NAME,
  DEFAULT_GLOBAL_MAX_QUEUE_SPOTS,
  DEFAULT_MAX_QUEUE_SPOTS,
  HOLD_DURATION_MINUTES,
  PERMISSIONS,
  REMINDER_HOURS,
  SETTING_KEYS,
  describePermission,
  normalizeEmail,
  splitPermission,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { generateTemporaryPassword, hashPassword } from '../../modules/auth/password';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string | null;
}

export const DEFAULT_SETTINGS: { key: string; value: string; description: string }[] = [
  {
    key: SETTING_KEYS.ticketHoldDurationMinutes,
    value: String(HOLD_DURATION_MINUTES.default),
    description: 'Minutos que se reservan las plazas mientras el visitante rellena el formulario (1-60)',
  },
  {
    key: SETTING_KEYS.defaultMaxQueueSpots,
    value: String(DEFAULT_MAX_QUEUE_SPOTS),
    description: 'Plazas de lista de espera por defecto para una sesión nueva',
  },
  {
    key: SETTING_KEYS.globalMaxQueueSpots,
    value: String(DEFAULT_GLOBAL_MAX_QUEUE_SPOTS),
    description: 'Máximo de plazas de lista de espera que puede tener una sesión',
  },
  {
    key: SETTING_KEYS.reminderHoursBeforeSession,
    value: String(REMINDER_HOURS.default),
    description: 'Horas antes de la sesión en que se envía el recordatorio (0 los desactiva)',
  },
];

/** Runs at every start, idempotent: the permission catalogue, the system administrator role with every
 * permission, default settings, and on an empty database the first administrator. */
export async function seedBase(ds: DataSource | EntityManager, options: SeedOptions): Promise<void> {
  const logger = new Logger('Seed');
  await ds.transaction(async (m) => {
    for (const name of PERMISSIONS) {
      const { resource, action } = splitPermission(name);
      await m.query(
        `INSERT INTO permissions (name, resource, action, description) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description`,
        [name, resource, action, describePermission(name)],
      );
    }
    const [role] = await m.query(`SELECT id FROM roles WHERE lower(name) = lower($1)`, [ADMIN_ROLE_NAME]);
    const roleId: string =
      role?.id ??
      (
        await m.query(`INSERT INTO roles (name, description, is_system_role) VALUES ($1, $2, true) RETURNING id`, [
          ADMIN_ROLE_NAME,
          'Acceso completo a todas las funciones',
        ])
      )[0].id;
    await m.query(`UPDATE roles SET is_system_role = true WHERE id = $1`, [roleId]);
    await m.query(
      `INSERT INTO role_permissions (role_id, permission_id) SELECT $1, id FROM permissions ON CONFLICT DO NOTHING`,
      [roleId],
    );
    // Door staff ('Control de acceso'): check-in only, names only (no Registrations.Read, so no e-mails or DNI).
    await m.query(
      `INSERT INTO roles (name, description, is_system_role)
       SELECT $1::text, $2::text, true WHERE NOT EXISTS (SELECT 1 FROM roles WHERE lower(name) = lower($1::text))`,
      [DOOR_ROLE_NAME, 'Control de acceso en la puerta: registrar entradas y ver la asistencia (solo nombres)'],
    );
    await m.query(
      `INSERT INTO role_permissions (role_id, permission_id)
       SELECT r.id, p.id FROM roles r JOIN permissions p ON p.name = ANY ($2::text[])
        WHERE lower(r.name) = lower($1) ON CONFLICT DO NOTHING`,
      [DOOR_ROLE_NAME, [...CHECKIN_PERMISSIONS]],
    );
    for (const setting of DEFAULT_SETTINGS) {
      await m.query(`INSERT INTO settings (key, value, description) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`, [
        setting.key,
        setting.value,
        setting.description,
      ]);
    }

    const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM users`);
    if (count > 0) return;
    const generated = options.adminPassword === null;
    const password = options.adminPassword ?? generateTemporaryPassword();
    const email = normalizeEmail(options.adminEmail);
    const [user] = await m.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, must_change_password, email_confirmed)
       VALUES ($1, $2, 'Administrador', 'Principal', $3, true) RETURNING id`,
      [email, await hashPassword(password), generated],
    );
    await m.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [user.id, roleId]);
    if (generated) {
      // Printed once, on purpose: this is the only time the generated password exists in clear.
      process.stdout.write(
        `\n  Administrador creado: ${email}\n  Contraseña temporal: ${password}\n  (se pedirá cambiarla en el primer inicio de sesión)\n\n`,
      );
    } else {
      logger.log(`Administrador creado con el email de ADMIN_EMAIL y la contraseña de ADMIN_PASSWORD`);
    }
  });
}
