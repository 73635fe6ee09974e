import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PermissionName } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { DeletedResource, DeletionListQueryDto } from './dto/list-query.dto';
import type { DeletionV1Dto } from './dto/resources.dto';
import { keysetPage, type Page } from './page';
import { DELETION_ROWS, toDeletion } from './v1-rows';
import { V1_MESSAGES as M } from './v1-messages';

/** How long a tombstone is kept: a client that last synced longer ago must sync in full (its updatedSince is
 * refused with 410). */
export const TOMBSTONE_RETENTION_DAYS = 90;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 5_000;

/** Which tombstones a caller sees: those of the resources it may read. */
const READ_PERMISSION: Record<DeletedResource, PermissionName> = {
  event: 'Events.Read',
  session: 'Events.Read',
  registration: 'Registrations.Read',
  'waiting-list-entry': 'Queues.Read',
};

/** The tombstones written by the database's triggers (migration ApiV1): listed for a full sync, pruned hourly. */
@Injectable()
export class DeletionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Deletions');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval(
      'tombstone-retention',
      setInterval(() => void this.prune(), PRUNE_INTERVAL_MS),
    );
  }

  async list(query: DeletionListQueryDto, permissions: ReadonlySet<PermissionName>): Promise<Page<DeletionV1Dto>> {
    const visible = (Object.keys(READ_PERMISSION) as DeletedResource[]).filter(
      (resource) => permissions.has(READ_PERMISSION[resource]) && (!query.resource || query.resource === resource),
    );
    if (!visible.length)
      throw AppError.forbidden(`Falta el permiso ${[...new Set(Object.values(READ_PERMISSION))].join(' o ')}`);
    if (query.updatedSince) {
      const [{ expired }]: { expired: boolean }[] = await this.ds.query(
        `SELECT $1::timestamptz < now() - make_interval(days => $2) AS expired`,
        [query.updatedSince, TOMBSTONE_RETENTION_DAYS],
      );
      if (expired) throw new AppError('SYNC_EXPIRED', M.updatedSinceTooOld(TOMBSTONE_RETENTION_DAYS));
    }
    return keysetPage(
      this.ds,
      { ...DELETION_ROWS, where: ['d.resource = ANY($1)'], params: [visible] },
      query,
      toDeletion,
      this.config.appSecret,
    );
  }

  /** Removes tombstones past the retention, in batches; any number of instances may run it. */
  async prune(): Promise<number> {
    let removed = 0;
    try {
      for (;;) {
        const [, count]: [unknown, number] = await this.ds.query(
          `DELETE FROM deleted_records WHERE id IN (
             SELECT id FROM deleted_records WHERE deleted_at < now() - make_interval(days => $1)
              ORDER BY id LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)`,
          [TOMBSTONE_RETENTION_DAYS],
        );
        removed += count;
        if (count < PRUNE_BATCH) return removed;
      }
    } catch (error) {
      this.logger.warn(`Limpieza de eliminaciones fallida: ${(error as Error).message}`);
      return removed;
    }
  }
}
