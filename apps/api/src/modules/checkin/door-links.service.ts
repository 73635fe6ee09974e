import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CHECKIN_MESSAGES, CreatedDoorLink, DoorLink, DoorSession } from '@evreg/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CheckInService } from './checkin.service';

const M = CHECKIN_MESSAGES;
const TOKEN_PREFIX = 'evd_';
const TOKEN = /^evd_[A-Za-z0-9_-]{43}$/;

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `d.id, d.session_id AS "sessionId", d.label, ${iso('d.created_at')} AS "createdAt",
  ${iso('s.ends_at')} AS "expiresAt", ${iso('d.revoked_at')} AS "revokedAt",
  (SELECT nullif(concat_ws(' ', u.first_name, u.last_name), '') FROM users u WHERE u.id = d.created_by) AS "createdBy"`;

/** What a valid door link opens: one session's check-in. */
export interface DoorScope {
  doorLinkId: number;
  sessionId: number;
  label: string;
  expiresAt: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Door links (docs/domain.md, "Door links"): a random token per link, stored as its SHA-256 only, shown once.
 * It opens only its session's check-in routes, until revoked or until the session ends (the session's end is the
 * expiry, so moving the session moves it). */
@Injectable()
export class DoorLinksService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkIns: CheckInService,
  ) {}

  async create(sessionId: number, label: string, userId: string): Promise<CreatedDoorLink> {
    await this.checkIns.assertSession(sessionId);
    const [ended] = await this.ds.query(`SELECT ends_at <= now() AS ended FROM event_sessions WHERE id = $1`, [
      sessionId,
    ]);
    if (ended?.ended) throw AppError.conflict(M.sessionEnded);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row]: DoorLink[] = await this.ds.query(
      `WITH d AS (INSERT INTO door_links (session_id, label, token_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING *)
       SELECT ${COLUMNS} FROM d JOIN event_sessions s ON s.id = d.session_id`,
      [sessionId, label, hash(token), userId],
    );
    return { ...row, token, url: `${this.config.publicBaseUrl}/admin/door/${token}` };
  }

  async list(sessionId: number): Promise<DoorLink[]> {
    await this.checkIns.assertSession(sessionId);
    return this.ds.query(
      `SELECT ${COLUMNS} FROM door_links d JOIN event_sessions s ON s.id = d.session_id WHERE d.session_id = $1 ORDER BY d.id`,
      [sessionId],
    );
  }

  async revoke(id: number): Promise<void> {
    const [, changed]: [unknown, number] = await this.ds.query(
      `UPDATE door_links SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1`,
      [id],
    );
    if (!changed) throw AppError.notFound(M.doorLinkNotFound);
  }

  /** The scope of a door link token: 401 for anything but a live link (unknown, revoked, session ended). */
  async resolve(token: string): Promise<DoorScope> {
    if (!TOKEN.test(token)) throw AppError.unauthorized(M.doorLinkInvalid, 'DOOR_LINK_INVALID');
    const [row]: DoorScope[] = await this.ds.query(
      `SELECT d.id AS "doorLinkId", d.session_id AS "sessionId", d.label, ${iso('s.ends_at')} AS "expiresAt"
         FROM door_links d JOIN event_sessions s ON s.id = d.session_id
        WHERE d.token_hash = $1 AND d.revoked_at IS NULL AND s.ends_at > now()`,
      [hash(token)],
    );
    if (!row) throw AppError.unauthorized(M.doorLinkInvalid, 'DOOR_LINK_INVALID');
    return row;
  }

  async doorSession(token: string): Promise<DoorSession> {
    const scope = await this.resolve(token);
    const session = await this.checkIns.assertSession(scope.sessionId);
    return {
      ...session,
      label: scope.label,
      expiresAt: scope.expiresAt,
      counts: await this.checkIns.counts(scope.sessionId),
    };
  }
}
