import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiToken, CreatedApiToken, MESSAGES, PermissionName } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { SessionPrincipal } from '../auth/principal';
import { newApiToken } from '../auth/tokens';
import { checkTokenPermissions, expiryError } from './api-token-rules';
import { CreateApiTokenDto } from './dto/api-token.dto';

interface TokenRow {
  id: string;
  name: string;
  permissions: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_by_id: string;
  created_by_email: string;
  created_by_name: string | null;
}

/** The tokens of `source` (the table, or the row just inserted) with their creator. */
const selectTokens = (source: string) => `
  SELECT t.id, t.name, t.permissions, t.created_at, t.expires_at, t.last_used_at,
         u.id AS created_by_id, u.email AS created_by_email,
         nullif(concat_ws(' ', nullif(trim(u.first_name), ''), nullif(trim(u.last_name), '')), '') AS created_by_name
    FROM ${source} t JOIN users u ON u.id = t.created_by`;

/** Machine access (docs/domain.md, "API tokens"): tokens are created by signed-in staff for machines, listed
 * without the token, and revoked by deleting them. The guard (auth/access.guard.ts) checks them on every request. */
@Injectable()
export class ApiTokensService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Newest first; the token itself is never answered again, nor stored. */
  async list(): Promise<ApiToken[]> {
    const rows: TokenRow[] = await this.ds.query(`${selectTokens('api_tokens')} ORDER BY t.created_at DESC, t.id`);
    return rows.map(toApiToken);
  }

  /** Refuses (400, `permissions`) any permission the creator doesn't hold now; answers the token once. */
  async create(dto: CreateApiTokenDto, creator: SessionPrincipal): Promise<CreatedApiToken> {
    const errors: Record<string, string[]> = {};
    const checked = checkTokenPermissions(dto.permissions, creator.permissions);
    if (checked.errors.length) errors.permissions = checked.errors;
    const expiry = expiryError(dto.expiresAt, new Date());
    if (expiry) errors.expiresAt = [expiry];
    if (Object.keys(errors).length) throw AppError.validation(errors);

    const { token, hash } = newApiToken();
    const rows: TokenRow[] = await this.ds.query(
      `WITH inserted AS (
         INSERT INTO api_tokens (name, token_hash, permissions, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING *
       )
       ${selectTokens('inserted')}`,
      [dto.name, hash, checked.permissions, creator.userId, dto.expiresAt ?? null],
    );
    return { ...toApiToken(rows[0]), token };
  }

  /** Revokes at once: the row goes, so the next request with the token is a 401. */
  async remove(id: string): Promise<void> {
    const [, deleted]: [unknown[], number] = await this.ds.query(`DELETE FROM api_tokens WHERE id = $1`, [id]);
    if (!deleted) throw AppError.notFound(MESSAGES.apiToken.notFound);
  }
}

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions as PermissionName[],
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    createdById: row.created_by_id,
    createdByEmail: row.created_by_email,
    createdByName: row.created_by_name,
  };
}
