import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

const DEMO_DEPARTMENTS = ['Cultura', 'Deportes', 'Juventud', 'Turismo'];

/** Demo content for `npm start` (DEMO_DATA=true), added once to an empty database so a newcomer has something
 * to look at. Never runs when the database already holds departments. */
export async function seedDemo(ds: DataSource | EntityManager): Promise<void> {
  await ds.transaction(async (m) => {
    const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM departments`);
    if (count > 0) return;
    for (const name of DEMO_DEPARTMENTS) await m.query(`INSERT INTO departments (name) VALUES ($1)`, [name]);
    await m.query(`UPDATE users SET department_id = (SELECT min(id) FROM departments) WHERE department_id IS NULL`);
    // A published event with three sessions in the coming weeks (one nearly full, with a waiting list) and a draft.
    await m.query(
      `INSERT INTO events (id, title, description, city, address, place, postal_code, country, status, price, organizer_name,
                          organizer_email, organizer_phone, organizer_website, event_category_id)
       VALUES (1, 'Concierto de Año Nuevo', '<p>La <strong>Orquesta Municipal</strong> interpreta valses y polcas.</p><ul><li>Duración: 90 minutos</li><li>Entrada libre con inscripción</li></ul>',
               'Madrid', 'Calle de Alcalá 42', 'Auditorio Municipal', '28014', 'Spain', 1, 0, 'Ayuntamiento',
               'cultura@ayuntamiento.example', '910 000 000', 'https://cultura.ayuntamiento.example', (SELECT id FROM event_categories WHERE name = 'Música')),
              (2, 'Taller de fotografía (borrador)', '<p>En preparación.</p>', 'Sevilla', 'Plaza Nueva 1', 'Centro Cívico', '41001', 'Spain', 0, 15, 'Ayuntamiento',
               NULL, NULL, NULL, (SELECT id FROM event_categories WHERE name = 'Formación'))`,
    );
    for (const [days, capacity, reserved, queue] of [
      [14, 120, 10, 20],
      [21, 4, 1, 5],
      [28, 60, 5, 10],
    ]) {
      await m.query(
        `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, reserved_spots, max_queue_spots)
         SELECT 1, d, d, '19:00', '20:30', (d + time '19:00') AT TIME ZONE 'Europe/Madrid', (d + time '20:30') AT TIME ZONE 'Europe/Madrid', $2, $3, $4
           FROM (SELECT (current_date + $1::int) AS d) x`,
        [days, capacity, reserved, queue],
      );
    }
    new Logger('Seed').log(
      `Datos de demostración creados: ${DEMO_DEPARTMENTS.length} departamentos y eventos de ejemplo (/?eventId=1)`,
    );
  });
}
