// The booking page inside the organiser's page (issue 4: "works inside an iframe, tells the parent its height
// (postMessage) so it never shows a scrollbar"), embedded with the README's snippet on another origin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { consent, eventually, fillPerson, personScope, registrationArea, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { eventWithSession, newPerson, registrationsOf } from './support/fixtures';

const e2e = setupE2E();

// The organiser's site: another origin, served by a tiny server on loopback (Chromium refuses to let a page it
// takes for a public site frame a loopback address, so page.route on a made-up host can't stand in for it).
let organiser: Server;
let parentHtml = '';
beforeAll(async () => {
  organiser = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(parentHtml),
  );
  await new Promise<void>((resolve) => organiser.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  organiser.closeAllConnections();
  await new Promise((resolve) => organiser.close(resolve));
});

/** The organiser's page: the README's embed snippet, plus a record of every message it receives. */
function parentPage(bookingUrl: string): string {
  const origin = new URL(bookingUrl).origin;
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Ayuntamiento: agenda cultural</title></head>
<body style="margin:0;font-family:sans-serif">
<script>
  window.heights = [];
  window.addEventListener('message', function (e) {
    if (e.data && e.data.type === 'evreg:height') window.heights.push({ origin: e.origin, height: e.data.height });
  });
</script>
<header style="padding:16px;background:#eee"><h1>Agenda cultural</h1></header>
<iframe id="inscripciones" src="${bookingUrl}"
        title="Inscripción al evento" style="width:100%;border:0;height:900px" loading="lazy"></iframe>
<script>
  window.addEventListener('message', function (e) {
    if (e.origin !== '${origin}' || !e.data || e.data.type !== 'evreg:height') return;
    document.getElementById('inscripciones').style.height = e.data.height + 'px';
  });
</script>
<footer style="padding:16px">Pie de página del organizador</footer>
</body></html>`;
}

async function openEmbedded(page: Page, eventId: number): Promise<Frame> {
  const bookingUrl = `${e2e.app.baseUrl}/?eventId=${eventId}`;
  parentHtml = parentPage(bookingUrl);
  await page.goto(`http://127.0.0.1:${(organiser.address() as AddressInfo).port}/agenda/visita-guiada`);
  const iframe = await page.locator('#inscripciones').elementHandle();
  const frame = await iframe!.contentFrame();
  if (!frame) throw new Error('el iframe no tiene documento');
  await frame.getByRole('heading', { level: 1 }).waitFor();
  return frame;
}

/** The parent's last message gives the booking page's content height, the parent sized the iframe to it, and
 * so the document inside has nothing to scroll (its scrollHeight is the iframe's height). */
async function expectFitted(page: Page, frame: Frame): Promise<number> {
  let height = 0;
  await eventually(async () => {
    const heights: { origin: string; height: number }[] = await page.evaluate(
      () => (window as unknown as { heights: { origin: string; height: number }[] }).heights,
    );
    const doc = await frame.evaluate(() => ({
      content: document.documentElement.getBoundingClientRect().height,
      scroll: document.documentElement.scrollHeight,
      inner: window.innerHeight,
    }));
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.every((h) => h.origin === e2e.app.baseUrl && Number.isFinite(h.height))).toBe(true);
    const last = heights[heights.length - 1].height;
    // Whole pixels against a fractional layout height: within 1 px.
    const near = (n: number) => Math.abs(n - doc.content) <= 1;
    expect({
      content: doc.content,
      message: last,
      iframe: doc.inner,
      scrollHeight: doc.scroll,
      fits: [last, doc.inner, doc.scroll].every(near),
    }).toEqual({
      content: doc.content,
      message: last,
      iframe: last,
      scrollHeight: last,
      fits: true,
    });
    height = last;
  });
  return height;
}

describe('Dentro de un iframe', () => {
  it('se reserva dentro del iframe y la página que lo contiene recibe la altura exacta en cada cambio', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    const person = newPerson();

    const frame = await openEmbedded(page, eventId);
    await seeText(frame, 'Registrarse Ahora');
    const formHeight = await expectFitted(page, frame);

    // Validation messages make the page taller: the parent is told.
    await frame.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await seeText(frame, 'Apellidos son requeridos');
    const withErrors = await expectFitted(page, frame);
    expect(withErrors).toBeGreaterThan(formHeight);

    await fillPerson(personScope(frame, 0, false), person);
    await consent(frame).check();
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/events/sessions/${sessionId}/registrations`));
    await frame.getByRole('button', { name: 'Registrarse Ahora' }).click();
    expect((await answer).status()).toBe(201);
    await seeText(registrationArea(frame), '¡Proceso Completado!');
    const done = await expectFitted(page, frame);
    expect(done).toBeLessThan(withErrors);
    expect(await registrationsOf(app, sessionId)).toEqual([expect.objectContaining({ email: person.email, state: 0 })]);
  });
});
