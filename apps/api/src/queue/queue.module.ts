import { BullModule } from '@nestjs/bullmq';
import { bullmqTelemetry } from '../observability/tracing';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullmqJobQueue } from './bullmq-job-queue';
import { BullmqJobsProcessor, createBullmqJobsProcessor } from './bullmq-jobs.processor';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobQueue } from './job-queue';
import {
  JOBS_QUEUE_NAME,
  QUEUE_MODULE_OPTIONS,
  type QueueModuleOptions,
  resolveQueueModuleOptions,
} from './queue.constants';

/** After losing Redis, try to reconnect after 0.5 s, 1 s, 1.5 s, then every 2 s: jobs flow again within 2 s of its
 * return. (BullMQ's default backs off to 20 s, which kept jobs waiting that long after a short outage; a refused
 * connection attempt every 2 s costs nothing.) */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(attempt * 500, 2000);
}

/**
 * Background jobs behind the JobQueue token. With a Redis URL: BullMQ (durable, shareable between
 * an API instance and a worker process). Without: the in-process driver (embedded mode).
 * Options come from the app module; this folder never reads the environment.
 */
@Module({})
export class QueueModule {
  static forRoot(options: QueueModuleOptions): DynamicModule {
    const resolved = resolveQueueModuleOptions(options);
    const providers: Provider[] = [{ provide: QUEUE_MODULE_OPTIONS, useValue: resolved }, JobHandlerRegistry];
    const base = {
      global: true,
      module: QueueModule,
      exports: [JobQueue, JobHandlerRegistry],
    };

    if (resolved.redisUrl === undefined) {
      return {
        ...base,
        imports: [DiscoveryModule],
        providers: [...providers, { provide: JobQueue, useClass: InProcessJobQueue }],
      };
    }

    return {
      ...base,
      imports: [
        DiscoveryModule,
        // BullMQ builds (and on app close, closes) its own connections from these options;
        // a shared ioredis instance would be left open.
        BullModule.forRoot({
          connection: { url: resolved.redisUrl, retryStrategy: reconnectDelayMs },
          prefix: resolved.prefix,
          // Tracing on (OTEL_EXPORTER_OTLP_ENDPOINT): jobs carry their trace to the worker.
          telemetry: bullmqTelemetry(),
        }),
        BullModule.registerQueue({ name: JOBS_QUEUE_NAME }),
      ],
      providers: [
        ...providers,
        { provide: JobQueue, useClass: BullmqJobQueue },
        ...(resolved.runWorkers
          ? [{ provide: BullmqJobsProcessor, useClass: createBullmqJobsProcessor(resolved.concurrency) }]
          : []),
      ],
    };
  }
}
