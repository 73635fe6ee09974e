import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HealthStatus } from '@evreg/contracts';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { DATABASE_TARGET } from '../../database/database.module';
import type { DatabaseTarget } from '../../database/data-source';
import { JobQueue } from '../../queue/job-queue';
import { Public } from '../auth/auth.decorators';
import { HealthStatusDto } from './health-status.dto';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(DATABASE_TARGET) private readonly database: DatabaseTarget,
    private readonly queue: JobQueue,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Estado de la base de datos y de la cola de trabajos' })
  @ApiOkResponse({ type: HealthStatusDto })
  @ApiServiceUnavailableResponse({ type: HealthStatusDto })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthStatus> {
    const [dbUp, queueUp] = await Promise.all([
      this.ds.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      this.queue.ping().catch(() => false),
    ]);
    const status: HealthStatus = {
      status: dbUp && queueUp ? 'ok' : 'error',
      database: { status: dbUp ? 'up' : 'down', mode: this.database.mode },
      queue: { status: queueUp ? 'up' : 'down', mode: this.queue.mode },
    };
    reply.status(status.status === 'ok' ? 200 : 503);
    return status;
  }
}
