import 'reflect-metadata';
// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) hooks the modules the next imports load.
import './observability/start-tracing';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { stopOnSignals } from './common/process/shutdown-signals';
import { ConfigError, loadConfig } from './config/app-config';
import { createLogger } from './create-app';
import { openDatabaseTarget } from './database/database-target';
import { startMetricsListener } from './observability/http-observability';
import { MetricsService } from './observability/metrics.service';

/** Worker-only entry point for production: the same modules with no HTTP server, processing the job queue
 * (and the periodic sweeps). API instances can then run with RUN_WORKERS=false. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) throw new ConfigError(['REDIS_URL es obligatorio para un proceso worker separado']);
  const logger = createLogger(config);
  Logger.overrideLogger(logger);
  const database = await openDatabaseTarget(config);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ config, database, runWorkers: true }), {
    logger,
  });
  // The worker's metrics (its queue, outboxes, pool, process) only on METRICS_PORT: it has no other listener.
  const metrics = await startMetricsListener(config, app.get(MetricsService), logger.pino);
  new Logger('Worker').log('Worker en marcha');
  // Each job in hand finishes (an e-mail sender claims nothing more), then Redis and the database pool close.
  stopOnSignals(
    async () => {
      await metrics?.close();
      await app.close();
      await database.stop();
    },
    config.shutdownTimeoutMs,
    new Logger('Worker'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
