/* eslint-disable @typescript-eslint/no-require-imports */
import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';

/** OpenTelemetry tracing (docs/architecture.md, "Metrics, logs and traces"), off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: then, before anything else is loaded (main.ts and worker.ts import this file first), spans of HTTP, pg,
 * ioredis and (through BullMQ's own telemetry, queue.module.ts) the queue's jobs are exported over OTLP/HTTP. Off,
 * none of those packages is even read: the default start pays nothing. The OpenTelemetry variables are read by the
 * SDK itself (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, OTEL_BSP_*...), the only
 * settings not read by config/app-config.ts, since they must act before it loads. */
export function tracingEnabled(): boolean {
  return Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

let started = false;

/** Starts the tracer provider and the instrumentations, once; `serviceName` unless OTEL_SERVICE_NAME says otherwise. */
export function startTracing(serviceName: string): void {
  if (started || !tracingEnabled()) return;
  started = true;
  const { NodeTracerProvider } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME?.trim() || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      // No URL query (a cancellation token, a searched e-mail) and no header values in the spans.
      new HttpInstrumentation({
        redactedQueryParams: ['*'],
        ignoreIncomingRequestHook: (request) => request.url === '/metrics',
      } as ConstructorParameters<typeof HttpInstrumentation>[0]),
      // The statement's text (with $n placeholders), never its values.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      // Redis commands without their arguments (keys carry ids and tokens).
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  // The spans still in the batch leave before the process ends (a deploy's SIGTERM).
  process.once('beforeExit', () => void provider.shutdown());
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void provider.forceFlush().catch(() => undefined));
}

/** A span of ours around `work` (the e-mail sent by a worker): a no-op costing a function call when tracing is off. */
export async function traced<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  return trace.getTracer('evreg').startActiveSpan(name, { attributes }, async (span: Span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** BullMQ's telemetry when tracing is on: a job carries the trace of whoever queued it, and its processing is a
 * span of that trace (so a booking's trace reaches the worker that sends its e-mail). */
export function bullmqTelemetry(): import('bullmq').Telemetry | undefined {
  if (!tracingEnabled()) return undefined;
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  return new BullMQOtel({ tracerName: 'evreg' });
}

/** The HTTP server span named and labelled by its route template, its URL (a cancellation token in the path, an
 * e-mail searched in the query) overwritten: called once the route is known. */
export function nameHttpSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttributes({ 'http.route': route, 'http.target': route, 'url.path': route, 'url.query': '' });
}
