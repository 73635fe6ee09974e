import type { Locator, Page } from 'playwright-core';
import type { TestApp } from '@evreg/testing';
import type { FakeCamera } from './fake-camera';
import { newPerson, registerViaApi } from './fixtures';

/** Page object of the door screen ('Control de acceso', /admin/checkin and a door link's /admin/#/door/<token>). */
export const doorScreen = (page: Page) => ({
  /** The full-screen answer (green or red): its heading is the verdict. */
  answer: (title: string | RegExp): Locator =>
    page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) }),
  next: () => page.getByRole('button', { name: 'Siguiente' }).click(),
  present: page.getByTestId('checkin-present'),
  expected: page.getByTestId('checkin-expected'),
  undo: page.getByRole('button', { name: /^Deshacer la entrada de / }),
  search: page.getByLabel('Buscar por nombre, email o DNI'),
  /** What the camera shows from now on: off, the fake device's file rewritten, on again (it reads the file anew). */
  async showOnCamera(camera: FakeCamera, shown: string | null | Parameters<FakeCamera['play']>[0]) {
    await page.getByRole('button', { name: 'Apagar cámara' }).click();
    if (Array.isArray(shown)) camera.play(shown);
    else camera.show(shown);
    await page.getByRole('button', { name: 'Encender cámara' }).click();
  },
  /** Waits for the list downloaded on opening (its time shows). */
  listReady: () => page.getByText(/^Lista descargada a las /).waitFor(),
});

/** One person registered online, with the ticket code of their QR. */
export async function ticketHolder(app: TestApp, sessionId: number, overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const body = await registerViaApi(app, sessionId, [person]);
  const result = body.results[0] as { registrationId: number; ticketCode: string };
  return { ...person, name: `${person.firstName} ${person.lastName}`, ...result };
}

/** The live check-ins of a registration as stored (undone ones left out). */
export async function liveCheckIns(app: TestApp, registrationId: number) {
  return app.sql<{ id: number; door: string | null; nonce: string }>(
    `SELECT id, door, nonce FROM check_ins WHERE registration_id = $1 AND undone_at IS NULL`,
    [registrationId],
  );
}

/** Moves a session in time, as the day of the event goes by: it started `startedMinutesAgo` minutes ago and lasts
 * `minutes` (negative end: it has ended). Dates and times are Madrid's, as the API stores them. */
export async function scheduleAround(app: TestApp, sessionId: number, startedMinutesAgo: number, minutes: number) {
  await app.sql(
    `UPDATE event_sessions SET
       starts_at = now() - make_interval(mins => $2), ends_at = now() - make_interval(mins => $2) + make_interval(mins => $3),
       start_date = ((now() - make_interval(mins => $2)) AT TIME ZONE 'Europe/Madrid')::date,
       end_date = ((now() - make_interval(mins => $2) + make_interval(mins => $3)) AT TIME ZONE 'Europe/Madrid')::date,
       start_time = ((now() - make_interval(mins => $2)) AT TIME ZONE 'Europe/Madrid')::time,
       end_time = ((now() - make_interval(mins => $2) + make_interval(mins => $3)) AT TIME ZONE 'Europe/Madrid')::time
     WHERE id = $1`,
    [sessionId, startedMinutesAgo, minutes],
  );
}
