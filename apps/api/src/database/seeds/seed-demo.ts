import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

const DEMO_DEPARTMENTS = ['Cultura', 'Deportes', 'Juventud', 'Turismo'];

/** Demo content for `npm start` (DEMO_DATA=true), added once to an empty database so a newcomer has something
 * to look at. Never runs when the database already holds departments. */
export async function seedDemo(ds: DataSource): Promise<void> {
  await ds.transaction(async (m) => {
    const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM departments`);
    if (count > 0) return;
    for (const name of DEMO_DEPARTMENTS) await m.query(`INSERT INTO departments (name) VALUES ($1)`, [name]);
    await m.query(`UPDATE users SET department_id = (SELECT min(id) FROM departments) WHERE department_id IS NULL`);
    new Logger('Seed').log(`Datos de demostración creados: ${DEMO_DEPARTMENTS.length} departamentos`);
  });
}
