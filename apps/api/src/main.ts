import 'reflect-metadata';
// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) hooks the modules the next imports load.
import './observability/start-tracing';
import { Logger } from '@nestjs/common';
import { stopOnSignals } from './common/process/shutdown-signals';
import { ConfigError, loadConfig } from './config/app-config';
import { createHttpApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, shutdown } = await createHttpApp(config);
  await app.listen({ port: config.port, host: config.host });
  const base = config.publicBaseUrl;
  new Logger('Main').log(
    `Escuchando en ${base}  (reservas: ${base}/  back office: ${base}/admin  API: ${base}/api/docs)`,
  );
  stopOnSignals(shutdown, config.shutdownTimeoutMs, new Logger('Main'));
}

main().catch((error: unknown) => {
  // A configuration problem names the variable; anything else is printed whole (no request data exists yet).
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
