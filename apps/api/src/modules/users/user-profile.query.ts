import { DataSource, EntityManager } from 'typeorm';

export interface UserProfileRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  mustChangePassword: boolean;
  emailConfirmed: boolean;
  lockoutEnabled: boolean;
  lockoutEnd: Date | null;
  createdAt: Date;
  roles: string[];
  roleIds: string[];
  permissions: string[];
}

/** Users with their department, role names and effective permissions, in one query. `filter` is a SQL
 * condition on alias u with positional parameters. */
export async function queryUserProfiles(
  db: DataSource | EntityManager,
  filter = 'true',
  params: unknown[] = [],
  suffix = 'ORDER BY u.created_at, u.email',
  options: { permissions?: boolean } = {},
): Promise<UserProfileRow[]> {
  // The paged list leaves the permissions out (docs/domain.md, "Lists at real sizes"): the subquery is skipped.
  const permissions =
    options.permissions === false
      ? `'{}'::text[]`
      : `coalesce((SELECT array_agg(DISTINCT p.name ORDER BY p.name) FROM user_roles ur
                        JOIN role_permissions rp ON rp.role_id = ur.role_id
                        JOIN permissions p ON p.id = rp.permission_id
                       WHERE ur.user_id = u.id), '{}')`;
  return db.query(
    `SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
            u.department_id AS "departmentId", d.name AS "departmentName",
            u.must_change_password AS "mustChangePassword", u.email_confirmed AS "emailConfirmed",
            u.lockout_enabled AS "lockoutEnabled", u.lockout_end AS "lockoutEnd", u.created_at AS "createdAt",
            coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                       WHERE ur.user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(ur.role_id::text) FROM user_roles ur WHERE ur.user_id = u.id), '{}') AS "roleIds",
            ${permissions} AS permissions
       FROM users u
       LEFT JOIN departments d ON d.id = u.department_id
      WHERE ${filter}
      ${suffix}`,
    params,
  );
}
