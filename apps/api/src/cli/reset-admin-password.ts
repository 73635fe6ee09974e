import 'reflect-metadata';
import { normalizeEmail } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../config/app-config';
import { dataSourceOptions, migrate } from '../database/data-source';
import { openDatabaseTarget } from '../database/database-target';
import { seedBase } from '../database/seeds/seed-base';
import { generateTemporaryPassword, hashPassword } from '../modules/auth/password';

/** `npm run admin:reset-password`: a new temporary password for ADMIN_EMAIL (default admin@example.com), printed
 * once, for when the one shown at first start is lost. Works on the embedded database too (stop the server
 * first: PGlite allows one process per data directory). */
async function main(): Promise<void> {
  const config = loadConfig();
  const target = await openDatabaseTarget(config);
  const ds = await new DataSource(dataSourceOptions(target.url, 2)).initialize();
  try {
    await migrate(ds, (d) => seedBase(d, { adminEmail: config.adminEmail, adminPassword: config.adminPassword }));
    const password = generateTemporaryPassword();
    const email = normalizeEmail(config.adminEmail);
    const [rows, updated]: [unknown[], number] = await ds.query(
      `UPDATE users SET password_hash = $2, must_change_password = true, access_failed_count = 0, lockout_end = NULL, lockout_enabled = false
        WHERE email = $1`,
      [email, await hashPassword(password)],
    );
    void rows;
    if (!updated) throw new Error(`No existe ningún usuario con el email ${email} (ADMIN_EMAIL)`);
    await ds.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    process.stdout.write(
      `\n  Administrador: ${email}\n  Contraseña temporal: ${password}\n  (se pedirá cambiarla al iniciar sesión)\n\n`,
    );
  } finally {
    await ds.destroy();
    await target.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
