import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  CurrentUser,
  LoginResponse,
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  PermissionName,
  RefreshResponse,
  isPermissionName,
  normalizeEmail,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { keyedHash } from '../../common/crypto/keyed-hash';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { queryUserProfiles } from '../users/user-profile.query';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import type { AccessTokenPayload, SessionPrincipal } from './principal';
import { hashRefreshToken, newRefreshToken, permissionsFingerprint, refreshTokenFingerprint } from './tokens';

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
  ) {}

  /** The dummy hash is made at start, so the first unknown e-mail takes no longer than any other. */
  onModuleInit(): void {
    void dummyPasswordHash();
  }

  /** Unknown e-mails, staff-blocked accounts and accounts with a wrong password answer alike, in the same time
   * (a password is verified, against a dummy hash when there is no account), and lock alike after
   * LOGIN_MAX_FAILURES: an address without an account that can sign in counts its failures in login_failures
   * (by HMAC). So neither the answer nor the lockout tells which accounts exist (docs/domain.md, "Probing the
   * blacklist and staff accounts"). */
  async login(dto: LoginDto): Promise<LoginResponse> {
    const email = normalizeEmail(dto.email);
    const emailHash = keyedHash(this.config.appSecret, 'login-failures', email);
    // One query either way: the account, and the lock that applies (the account's own, or the address's).
    const [user]: {
      id: string | null;
      password_hash: string | null;
      lockout_enabled: boolean;
      locked: boolean;
      must_change_password: boolean;
      department_id: number | null;
    }[] = await this.ds.query(
      `SELECT u.id, u.password_hash, coalesce(u.lockout_enabled, false) AS lockout_enabled,
              u.must_change_password, u.department_id,
              CASE WHEN u.id IS NOT NULL AND NOT u.lockout_enabled THEN coalesce(u.lockout_end > now(), false)
                   ELSE coalesce(f.lockout_end > now(), false) END AS locked
         FROM (SELECT $1::text AS email, $2::text AS hash) k
         LEFT JOIN users u ON u.email = k.email
         LEFT JOIN login_failures f ON f.email_hash = k.hash AND (u.id IS NULL OR u.lockout_enabled)`,
      [email, emailHash],
    );
    // During a temporary lock no password is even checked, so guessing gains nothing until it passes.
    if (user.locked) throw AppError.unauthorized(MESSAGES.login.locked, 'ACCOUNT_LOCKED');

    const verified = await verifyPassword(user.password_hash ?? (await dummyPasswordHash()), dto.password);
    if (!verified || !user.id) {
      const lockedNow =
        user.id && !user.lockout_enabled
          ? await this.recordFailure(user.id)
          : await this.recordAddressFailure(emailHash);
      if (lockedNow) throw AppError.unauthorized(MESSAGES.login.locked, 'ACCOUNT_LOCKED');
      throw AppError.unauthorized(MESSAGES.login.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    // A staff block is told only to someone who knows the password.
    if (user.lockout_enabled) throw AppError.unauthorized(MESSAGES.login.blocked, 'ACCOUNT_LOCKED');
    const userId = user.id;

    return this.ds.transaction(async (m) => {
      await m.query(`UPDATE users SET access_failed_count = 0, lockout_end = NULL WHERE id = $1`, [userId]);
      const [profile] = await queryUserProfiles(m, 'u.id = $1', [userId]);
      const session = await this.openSession(
        m,
        userId,
        permissionsFingerprint(profile.permissions.filter(isPermissionName)),
      );
      return {
        ...session,
        userId,
        departmentId: user.department_id,
        roles: profile.roles,
        mustChangePassword: user.must_change_password,
      };
    });
  }

  /** Counts a failed password; the failure that reaches the limit locks the account for a while and resets
   * the count. One statement, so concurrent guesses can't skip the lock. */
  private async recordFailure(userId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows]: [{ locked: boolean }[], number] = await this.ds.query(
      `UPDATE users SET
         access_failed_count = CASE WHEN access_failed_count + 1 >= $2 THEN 0 ELSE access_failed_count + 1 END,
         lockout_end = CASE WHEN access_failed_count + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE lockout_end END
       WHERE id = $1 AND NOT lockout_enabled
       RETURNING (lockout_end IS NOT NULL AND lockout_end > now()) AS locked`,
      [userId, this.config.loginMaxFailures, this.config.loginLockoutMinutes],
    );
    return rows[0]?.locked ?? false;
  }

  /** recordFailure for an address without an account that can sign in (unknown, or blocked by staff): the same
   * count and lock, kept by the address's HMAC. One statement, so concurrent guesses can't skip the lock. */
  private async recordAddressFailure(emailHash: string): Promise<boolean> {
    const [row]: { locked: boolean }[] = await this.ds.query(
      `INSERT INTO login_failures AS f (email_hash, failed_count, lockout_end, updated_at)
       VALUES ($1, CASE WHEN 1 >= $2 THEN 0 ELSE 1 END, CASE WHEN 1 >= $2 THEN now() + make_interval(mins => $3) END, now())
       ON CONFLICT (email_hash) DO UPDATE SET
         failed_count = CASE WHEN f.failed_count + 1 >= $2 THEN 0 ELSE f.failed_count + 1 END,
         lockout_end = CASE WHEN f.failed_count + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE f.lockout_end END,
         updated_at = now()
       RETURNING (lockout_end IS NOT NULL AND lockout_end > now()) AS locked`,
      [emailHash, this.config.loginMaxFailures, this.config.loginLockoutMinutes],
    );
    return row?.locked ?? false;
  }

  /** Failure counts of addresses untouched for 30 days are forgotten (an account's count is kept until its next
   * sign-in; the difference needs a month's wait between guesses to see). Every instance runs it. */
  @Interval(3_600_000)
  async purgeAddressFailures(): Promise<void> {
    try {
      await this.ds.query(
        `DELETE FROM login_failures WHERE updated_at < now() - interval '30 days' AND coalesce(lockout_end < now(), true)`,
      );
    } catch (error) {
      this.logger.warn(`Limpieza de intentos de inicio de sesión fallida: ${(error as Error).message}`);
    }
  }

  private async openSession(m: EntityManager, userId: string, fingerprint: string) {
    const { token, hash } = newRefreshToken(fingerprint);
    const refreshTokenExpiresAt = new Date(Date.now() + this.config.refreshTokenTtlDays * 86_400_000);
    const [session]: { id: string }[] = await m.query(
      `INSERT INTO refresh_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3) RETURNING id`,
      [userId, hash, refreshTokenExpiresAt],
    );
    return {
      ...(await this.signAccessToken(userId, session.id, fingerprint)),
      refreshToken: token,
      refreshTokenExpiresAt: refreshTokenExpiresAt.toISOString(),
    };
  }

  private async signAccessToken(userId: string, sessionId: string, fingerprint?: string): Promise<RefreshResponse> {
    const payload: AccessTokenPayload = { sub: userId, sid: sessionId, ...(fingerprint && { pv: fingerprint }) };
    const accessToken = await this.jwt.signAsync(payload, { expiresIn: ACCESS_TOKEN_TTL_SECONDS });
    const { exp } = this.jwt.decode<{ exp: number }>(accessToken);
    return { accessToken, accessTokenExpiresAt: new Date(exp * 1000).toISOString() };
  }

  /** A new access token for a live session; the refresh token comes as the bearer token. */
  async refresh(authorization: string | undefined): Promise<RefreshResponse> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) throw AppError.unauthorized(MESSAGES.auth.refreshInvalid);
    const [session]: { id: string; user_id: string }[] = await this.ds.query(
      `SELECT s.id, s.user_id FROM refresh_tokens s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.lockout_enabled = false`,
      [hashRefreshToken(token)],
    );
    if (!session) throw AppError.unauthorized(MESSAGES.auth.refreshInvalid);
    return this.signAccessToken(session.user_id, session.id, refreshTokenFingerprint(token));
  }

  /** Ends the caller's session: its refresh token, and with it every access token naming it. */
  async logout(principal: SessionPrincipal): Promise<void> {
    await this.ds.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      principal.sessionId,
    ]);
  }

  async me(principal: SessionPrincipal): Promise<CurrentUser> {
    const [profile] = await queryUserProfiles(this.ds, 'u.id = $1', [principal.userId]);
    if (!profile) throw AppError.unauthorized();
    return {
      id: profile.id,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      departmentId: profile.departmentId,
      departmentName: profile.departmentName,
      roles: profile.roles,
      permissions: profile.permissions as PermissionName[],
      mustChangePassword: profile.mustChangePassword,
    };
  }

  /** Changes the caller's password and ends their other sessions (the current one stays signed in). */
  async changePassword(principal: SessionPrincipal, dto: ChangePasswordDto): Promise<{ message: string }> {
    const errors: Record<string, string[]> = {};
    if (dto.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = [MESSAGES.password.min];
    if (dto.newPassword !== dto.confirmPassword) errors.confirmPassword = [MESSAGES.password.mismatch];
    if (Object.keys(errors).length) throw AppError.validation(errors);

    const [user]: { password_hash: string }[] = await this.ds.query(`SELECT password_hash FROM users WHERE id = $1`, [
      principal.userId,
    ]);
    if (!user || !(await verifyPassword(user.password_hash, dto.currentPassword))) {
      throw AppError.field('currentPassword', MESSAGES.password.currentWrong);
    }
    if (dto.currentPassword === dto.newPassword) throw AppError.field('newPassword', MESSAGES.password.sameAsCurrent);

    const hash = await hashPassword(dto.newPassword);
    await this.ds.transaction(async (m) => {
      await m.query(`UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1`, [
        principal.userId,
        hash,
      ]);
      await m.query(
        `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
        [principal.userId, principal.sessionId],
      );
    });
    return { message: 'Contraseña cambiada correctamente' };
  }

  /** Sessions past their expiry are of no use to anyone: the periodic sweep deletes them. */
  async purgeExpiredSessions(): Promise<number> {
    const result: [unknown[], number] = await this.ds.query(
      `DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
    );
    return result[1] ?? 0;
  }
}
