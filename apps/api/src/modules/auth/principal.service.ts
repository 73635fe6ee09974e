import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isPermissionName, PermissionName } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import type { ApiTokenPrincipal, SessionPrincipal } from './principal';

/** An API token's `last_used_at` is written at most this often, so a busy machine adds no write per request. */
export const API_TOKEN_LAST_USED_EVERY_SECONDS = 60;

@Injectable()
export class PrincipalService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One query: the user, their permissions through their roles, and whether the session is still live.
   * Answers null for a revoked or expired session, a deleted user or an account blocked by staff. (A temporary
   * lock-out after failed logins stops new sign-ins only: someone guessing a password must not be able to
   * end the owner's open session.) */
  async load(userId: string, sessionId: string): Promise<SessionPrincipal | null> {
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
      kind: 'session',
      userId: row.id,
      sessionId,
      email: row.email,
      mustChangePassword: row.must_change_password,
      permissions: toPermissions(row.permissions),
    };
  }

  /** One statement for an API token (by its SHA-256): the token if it is neither revoked (deleted) nor expired
   * and its creator exists and is not blocked by staff; its permissions are the token's that the creator holds
   * now through their role. The same statement notes the use, at most once a minute: the UPDATE only matches a
   * row whose `last_used_at` is older, and concurrent requests that find it so wait for the first one's row lock,
   * then see its new value and write nothing (READ COMMITTED re-checks the condition). Null: refused (401). */
  async loadApiToken(tokenHash: string): Promise<ApiTokenPrincipal | null> {
    const rows: { id: string; user_id: string; email: string; permissions: string[] }[] = await this.ds.query(
      `WITH t AS (
         SELECT t.id, t.permissions, u.id AS user_id, u.email
           FROM api_tokens t JOIN users u ON u.id = t.created_by AND u.lockout_enabled = false
          WHERE t.token_hash = $1 AND (t.expires_at IS NULL OR t.expires_at > now())
       ), used AS (
         UPDATE api_tokens a SET last_used_at = now()
           FROM t
          WHERE a.id = t.id AND (a.last_used_at IS NULL OR a.last_used_at <= now() - make_interval(secs => $2))
       )
       SELECT t.id, t.user_id, t.email,
              coalesce(array_agg(DISTINCT p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
         FROM t
         LEFT JOIN user_roles ur ON ur.user_id = t.user_id
         LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
         LEFT JOIN permissions p ON p.id = rp.permission_id AND p.name = ANY (t.permissions)
        GROUP BY t.id, t.user_id, t.email`,
      [tokenHash, API_TOKEN_LAST_USED_EVERY_SECONDS],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      kind: 'apiToken',
      userId: row.user_id,
      apiTokenId: row.id,
      email: row.email,
      // A machine has no password to change: the creator's pending change concerns their own sign-in.
      mustChangePassword: false,
      permissions: toPermissions(row.permissions),
    };
  }
}

function toPermissions(names: string[]): ReadonlySet<PermissionName> {
  return new Set(names.filter(isPermissionName));
}
