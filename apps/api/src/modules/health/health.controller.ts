import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HealthStatus, LivenessStatus, ReadinessStatus } from '@evreg/contracts';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { DATABASE_TARGET } from '../../database/database.module';
import type { DatabaseTarget } from '../../database/data-source';
import { JobQueue } from '../../queue/job-queue';
import { Public } from '../auth/auth.decorators';
import { HealthStatusDto, LivenessStatusDto, ReadinessStatusDto } from './health-status.dto';
import { Readiness } from './readiness';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(DATABASE_TARGET) private readonly database: DatabaseTarget,
    private readonly queue: JobQueue,
    private readonly readiness: Readiness,
  ) {}

  /** For an orchestrator's liveness probe: a draining instance is alive and must not be restarted mid-drain. */
  @Get('live')
  @Public()
  @Endpoint({
    summary: 'El proceso está en marcha (sonda de vida)',
    description: 'Responde 200 mientras el proceso funciona, también durante un cierre ordenado. No consulta nada más.',
    ok: LivenessStatusDto,
  })
  live(): LivenessStatus {
    return { status: 'ok' };
  }

  /** For a load balancer's readiness probe (docs/domain.md, "Restarts and graceful shutdown"). */
  @Get('ready')
  @Public()
  @Endpoint({
    summary: 'La instancia acepta tráfico (sonda de disponibilidad)',
    description:
      'Responde 200 `ready` mientras la instancia acepta peticiones y 503 `draining` desde que recibe SIGTERM o SIGINT: ' +
      'sigue atendiendo SHUTDOWN_DRAIN_MS para que el balanceador deje de enviarle tráfico y después deja de aceptar conexiones.',
    ok: ReadinessStatusDto,
    errors: { 503: { type: ReadinessStatusDto, description: 'La instancia se está cerrando (`draining`)' } },
  })
  ready(@Res({ passthrough: true }) reply: FastifyReply): ReadinessStatus {
    if (!this.readiness.draining) return { status: 'ready' };
    reply.status(503);
    return { status: 'draining' };
  }

  @Get()
  @Public()
  @Endpoint({
    summary: 'Estado de la base de datos y de la cola de trabajos',
    ok: HealthStatusDto,
    errors: { 503: { type: HealthStatusDto } },
  })
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
