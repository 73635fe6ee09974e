import type { Logger } from '@nestjs/common';

/** SIGTERM (a deploy, an orchestrator) and SIGINT (Ctrl-C) run `stop` once, then the process exits 0. A stop still
 * unfinished after `timeoutMs` (a request or a job that never ends) is logged and the process exits 1 anyway, rather
 * than wait for an orchestrator's SIGKILL to cut it without a word. A repeated signal starts no second stop. */
export function stopOnSignals(stop: () => Promise<void>, timeoutMs: number, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal}: el cierre ya está en marcha`);
      return;
    }
    stopping = true;
    logger.log(`${signal}: cierre ordenado (máximo ${timeoutMs} ms)`);
    setTimeout(() => {
      logger.error(`El cierre ordenado no terminó en ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): se sale sin esperar más`);
      process.exit(1);
    }, timeoutMs);
    stop().then(
      () => {
        logger.log('Cierre ordenado terminado');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(
          `Error durante el cierre: ${error instanceof Error ? error.message : String(error)}`,
          error instanceof Error ? error.stack : undefined,
        );
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
