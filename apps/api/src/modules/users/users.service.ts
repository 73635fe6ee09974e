import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_ROLE_NAME,
  CreateUserResponse,
  MESSAGES,
  Paged,
  ResetPasswordResponse,
  User,
  UserListItem,
  normalizeEmail,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { orderBy, pageWindow } from '../../common/http/sorted-page-query';
import { textSearch } from '../../database/people-search';
import { isUniqueViolation } from '../../database/pg-errors';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import type { Principal } from '../auth/principal';
import { AssignRoleDto, CreateUserDto, ResetPasswordDto, UpdateUserDto } from './dto/user.dto';
import { ListUsersQueryDto, UserSort } from './dto/user-list.dto';
import { queryUserProfiles, UserProfileRow } from './user-profile.query';

/** lockoutEnd for an account blocked by staff: far enough to read as "until unblocked". */
const BLOCKED_UNTIL = new Date('9999-12-31T00:00:00Z');

/** The sortable columns as SQL (alias u: users, d: departments); the text ones case-insensitive, as indexed by
 * the ListIndexes migration. */
const USER_SORT_SQL: Record<UserSort, string> = {
  lastName: 'lower(u.last_name)',
  firstName: 'lower(u.first_name)',
  email: 'u.email',
  departmentName: 'lower(d.name)',
  createdAt: 'u.created_at',
};

/** The list's search: email, names or department, by the people search's rule (database/people-search.ts). */
function userSearch(search?: string): { where: string; params: unknown[] } {
  return textSearch([`u.first_name || ' ' || u.last_name || ' ' || u.email`, 'd.name'], search);
}

@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Every user (the unpaged answer, with permissions): by creation, or by `sort`. */
  async list(query: ListUsersQueryDto = {}): Promise<User[]> {
    const { where, params } = userSearch(query.search);
    const sort = query.sort ?? (query.order ? 'createdAt' : undefined);
    const order = sort
      ? orderBy(USER_SORT_SQL, sort, query.order, sort === 'createdAt' ? 'u.email' : 'u.id')
      : undefined;
    return (await queryUserProfiles(this.ds, where, params, order)).map(toUser);
  }

  /** One page (docs/domain.md, "Lists at real sizes"): the page's ids first, by an indexed order, then only
   * those rows' roles; no permissions. */
  async page(query: ListUsersQueryDto): Promise<Paged<UserListItem>> {
    const { page, pageSize, offset } = pageWindow(query);
    const { where, params } = userSearch(query.search);
    const from = 'FROM users u LEFT JOIN departments d ON d.id = u.department_id';
    const [{ count }]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count ${from} WHERE ${where}`,
      params,
    );
    const sort = query.sort ?? 'createdAt';
    const order = orderBy(USER_SORT_SQL, sort, query.order, sort === 'createdAt' ? 'u.email' : 'u.id');
    const ids: { id: string }[] = await this.ds.query(
      `SELECT u.id ${from} WHERE ${where} ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, offset],
    );
    const rows = ids.length
      ? await queryUserProfiles(this.ds, 'u.id = ANY($1::uuid[])', [ids.map((r) => r.id)], '', { permissions: false })
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const items = ids.flatMap(({ id }) => {
      const row = byId.get(id);
      if (!row) return [];
      const { permissions: _permissions, ...item } = toUser(row);
      return [item];
    });
    return { items, totalCount: count, totalPages: Math.ceil(count / pageSize), page, pageSize };
  }

  async get(id: string, db: DataSource | EntityManager = this.ds): Promise<User> {
    const [row] = await queryUserProfiles(db, 'u.id = $1', [id]);
    if (!row) throw AppError.notFound(MESSAGES.user.notFound);
    return toUser(row);
  }

  /** New staff get a temporary password, shown once, that they must change at first sign-in. */
  async create(dto: CreateUserDto): Promise<CreateUserResponse> {
    const temporaryPassword = generateTemporaryPassword();
    const hash = await hashPassword(temporaryPassword);
    const user = await this.ds.transaction(async (m) => {
      await this.assertDepartment(m, dto.departmentId);
      await this.assertRole(m, dto.roleId);
      const [row]: { id: string }[] = await this.uniqueEmail(() =>
        m.query(
          `INSERT INTO users (email, password_hash, first_name, last_name, department_id, must_change_password, email_confirmed, lockout_enabled)
           VALUES ($1, $2, $3, $4, $5, true, true, false) RETURNING id`,
          [normalizeEmail(dto.email), hash, dto.firstName, dto.lastName, dto.departmentId],
        ),
      );
      await m.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [row.id, dto.roleId]);
      return this.get(row.id, m);
    });
    return { ...user, temporaryPassword };
  }

  async update(id: string, dto: UpdateUserDto, actor: Principal): Promise<User> {
    return this.ds.transaction(async (m) => {
      const [current]: { lockout_enabled: boolean }[] = await m.query(
        `SELECT lockout_enabled FROM users WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!current) throw AppError.notFound(MESSAGES.user.notFound);
      if (dto.departmentId !== undefined && dto.departmentId !== null) await this.assertDepartment(m, dto.departmentId);
      if (dto.roleId) await this.assertRole(m, dto.roleId);

      const blocking = dto.lockoutEnabled === true && !current.lockout_enabled;
      // Saving a user as not blocked also lifts a temporary lock after failed sign-ins.
      const unblocking = dto.lockoutEnabled === false;
      if (blocking && id === actor.userId)
        throw AppError.field('lockoutEnabled', 'No puedes bloquear tu propio usuario');

      await this.uniqueEmail(() =>
        m.query(
          `UPDATE users SET email = $2, first_name = $3, last_name = $4,
                  department_id = CASE WHEN $5::boolean THEN $6::int ELSE department_id END,
                  must_change_password = coalesce($7, must_change_password),
                  email_confirmed = coalesce($8, email_confirmed),
                  lockout_enabled = coalesce($9, lockout_enabled),
                  lockout_end = CASE WHEN $10::boolean THEN $11::timestamptz WHEN $12::boolean THEN NULL ELSE lockout_end END,
                  access_failed_count = CASE WHEN $12::boolean THEN 0 ELSE access_failed_count END
            WHERE id = $1`,
          [
            id,
            normalizeEmail(dto.email),
            dto.firstName,
            dto.lastName,
            dto.departmentId !== undefined,
            dto.departmentId ?? null,
            dto.mustChangePassword ?? null,
            dto.emailConfirmed ?? null,
            dto.lockoutEnabled ?? null,
            blocking,
            BLOCKED_UNTIL,
            unblocking,
          ],
        ),
      );
      if (blocking)
        await m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
      if (dto.roleId) await this.replaceRole(m, id, dto.roleId);
      await this.assertAnAdministratorRemains(m);
      return this.get(id, m);
    });
  }

  /** Lifts both locks: the staff's block (lockout_enabled) and the temporary one after failed sign-ins
   * (lockout_end), and counts the failures from zero. */
  async unlock(id: string): Promise<User> {
    return this.ds.transaction(async (m) => {
      const [, updated]: [unknown[], number] = await m.query(
        `UPDATE users SET lockout_enabled = false, lockout_end = NULL, access_failed_count = 0 WHERE id = $1`,
        [id],
      );
      if (!updated) throw AppError.notFound(MESSAGES.user.notFound);
      return this.get(id, m);
    });
  }

  async remove(id: string, actor: Principal): Promise<void> {
    if (id === actor.userId) throw AppError.forbidden(MESSAGES.user.cannotDeleteSelf, 'CANNOT_DELETE_SELF');
    await this.ds.transaction(async (m) => {
      const [, deleted]: [unknown[], number] = await m.query(`DELETE FROM users WHERE id = $1`, [id]);
      if (!deleted) throw AppError.notFound(MESSAGES.user.notFound);
      await this.assertAnAdministratorRemains(m);
    });
  }

  /** Sets the given password, or generates a temporary one, answered once; the user must change it at next
   * sign-in and every session of theirs ends. */
  async resetPassword(dto: ResetPasswordDto): Promise<ResetPasswordResponse> {
    const temporaryPassword = dto.newPassword || generateTemporaryPassword();
    const hash = await hashPassword(temporaryPassword);
    await this.ds.transaction(async (m) => {
      const [, updated]: [unknown[], number] = await m.query(
        `UPDATE users SET password_hash = $2, must_change_password = true, access_failed_count = 0,
                lockout_end = CASE WHEN lockout_enabled THEN lockout_end ELSE NULL END
          WHERE id = $1`,
        [dto.userId, hash],
      );
      if (!updated) throw AppError.notFound(MESSAGES.user.notFound);
      await m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [
        dto.userId,
      ]);
    });
    return { userId: dto.userId, temporaryPassword };
  }

  async assignRole(dto: AssignRoleDto): Promise<User> {
    return this.ds.transaction(async (m) => {
      const [user] = await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [dto.userId]);
      if (!user) throw AppError.notFound(MESSAGES.user.notFound);
      await this.assertRole(m, dto.roleId);
      await this.replaceRole(m, dto.userId, dto.roleId);
      await this.assertAnAdministratorRemains(m);
      return this.get(dto.userId, m);
    });
  }

  /** Staff hold one role each (the back office edits it as one). */
  private async replaceRole(m: EntityManager, userId: string, roleId: string): Promise<void> {
    await m.query(`DELETE FROM user_roles WHERE user_id = $1`, [userId]);
    await m.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [userId, roleId]);
  }

  /** There is always a way back in: at least one unblocked user keeps the administrator role. Checked inside
   * the transaction after the change, under a lock on the role so two concurrent demotions can't both pass. */
  private async assertAnAdministratorRemains(m: EntityManager): Promise<void> {
    const [role]: { id: string }[] = await m.query(
      `SELECT id FROM roles WHERE is_system_role AND lower(name) = lower($1) FOR UPDATE`,
      [ADMIN_ROLE_NAME],
    );
    if (!role) return;
    const [{ count }] = await m.query(
      `SELECT count(*)::int AS count FROM user_roles ur JOIN users u ON u.id = ur.user_id
        WHERE ur.role_id = $1 AND u.lockout_enabled = false`,
      [role.id],
    );
    if (count === 0) throw AppError.conflict(MESSAGES.user.lastAdmin);
  }

  private async assertDepartment(m: EntityManager, id: number): Promise<void> {
    const [row] = await m.query(`SELECT 1 FROM departments WHERE id = $1`, [id]);
    if (!row) throw AppError.field('departmentId', MESSAGES.user.departmentNotFound);
  }

  private async assertRole(m: EntityManager, id: string): Promise<void> {
    const [row] = await m.query(`SELECT 1 FROM roles WHERE id = $1`, [id]);
    if (!row) throw AppError.field('roleId', MESSAGES.user.roleNotFound);
  }

  private async uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict(MESSAGES.user.emailTaken, { email: [MESSAGES.user.emailTaken] });
      throw error;
    }
  }
}

function toUser(row: UserProfileRow): User {
  return {
    id: row.id,
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    roles: row.roles,
    permissions: row.permissions,
    mustChangePassword: row.mustChangePassword,
    emailConfirmed: row.emailConfirmed,
    lockoutEnabled: row.lockoutEnabled,
    lockoutEnd: row.lockoutEnd ? new Date(row.lockoutEnd).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
