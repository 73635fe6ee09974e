import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isPermissionName, PermissionName } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from './principal';

@Injectable()
export class PrincipalService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One query: the user, their permissions through their roles, and whether the session is still live.
   * Answers null for a revoked or expired session, a deleted user or an account blocked by staff. (A temporary
   * lock-out after failed logins stops new sign-ins only: someone guessing a password must not be able to
   * end the owner's open session.) */
  async load(userId: string, sessionId: string): Promise<Principal | null> {
    const rows: { id: string; email: string; must_change_password: boolean; permissions: string[] }[] =
      await this.ds.query(
        `SELECT u.id, u.email, u.must_change_password,
              coalesce(array_agg(DISTINCT p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
         FROM users u
         JOIN refresh_tokens s ON s.id = $2 AND s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()
         LEFT JOIN user_roles ur ON ur.user_id = u.id
         LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
         LEFT JOIN permissions p ON p.id = rp.permission_id
        WHERE u.id = $1 AND u.lockout_enabled = false
        GROUP BY u.id`,
        [userId, sessionId],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      userId: row.id,
      sessionId,
      email: row.email,
      mustChangePassword: row.must_change_password,
      permissions: new Set(row.permissions.filter(isPermissionName) as PermissionName[]),
    };
  }
}
