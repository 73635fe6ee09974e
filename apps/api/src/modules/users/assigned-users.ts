import type { DataSource, EntityManager } from 'typeorm';

/** How many names a refusal lists before saying "y N más". */
const NAMED = 5;

/** The staff users a department or a role still has, for the 409 that refuses to delete it: the first few names
 * (full name, else e-mail) in alphabetical order and how many there are in all (docs/domain.md, "Staff
 * accounts"). Staff names only: this answers people allowed to delete departments or roles. */
export async function assignedUsers(
  db: DataSource | EntityManager,
  to: { departmentId: number } | { roleId: string },
): Promise<{ names: string[]; total: number }> {
  const where =
    'departmentId' in to
      ? 'u.department_id = $1'
      : 'EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = $1)';
  const rows: { name: string; total: number }[] = await db.query(
    `SELECT coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name,
            count(*) OVER ()::int AS total
       FROM users u WHERE ${where}
      ORDER BY lower(coalesce(u.last_name, '')), lower(coalesce(u.first_name, '')), u.email
      LIMIT ${NAMED}`,
    ['departmentId' in to ? to.departmentId : to.roleId],
  );
  return { names: rows.map((r) => r.name), total: rows[0]?.total ?? 0 };
}
