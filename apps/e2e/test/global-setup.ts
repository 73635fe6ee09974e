import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { globalSetup as apiGlobalSetup } from '@evreg/testing';
import { BOOKING_DIST, CHROMIUM_PATH, SCREENSHOTS_DIR } from './support/paths';

/** Refuses to start without what the browser tests need (the built booking app, a Chromium), then creates the
 * run's template database exactly as the API's tests do. */
export default async function globalSetup(): Promise<void> {
  const index = join(BOOKING_DIST, 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `No existe ${index}: la app de reservas no está compilada. Ejecuta antes "npm run build -w @evreg/booking" ` +
        '(el "npm test" de la raíz compila todo antes de las pruebas).',
    );
  }
  const stale = newestSource(join(BOOKING_DIST, '..', 'src')) > statSync(index).mtimeMs;
  if (stale)
    console.warn(
      `\n[e2e] Aviso: apps/booking/src es más reciente que ${index}; las pruebas usan la compilación anterior.\n`,
    );
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No existe Chromium en ${CHROMIUM_PATH} (CHROMIUM_PATH). En Debian: apt-get install -y chromium. Nunca se descarga un navegador.`,
    );
  }
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await apiGlobalSetup();
}

function newestSource(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}
