// The cancellation link of the confirmation e-mail (issue 4: "shows what will be cancelled, asks to confirm,
// then confirms in Spanish (the link works once)"). The token is computed as the API computes it.
import { confirmCancellation, notSeen, openCancellation, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { cancelPath, eventWithSession, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';
import { ticketShown } from './support/tickets';

const e2e = setupE2E();
const INVALID = 'El enlace de cancelación no es válido o ya se ha usado';
const cancelUrl = (registrationId: number) => cancelPath(e2e.app, registrationId);

describe('Enlace de cancelación', () => {
  it('muestra lo que se cancela, pide confirmación, confirma, y el enlace ya no sirve una segunda vez', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app, {}, { title: 'Concierto de Año Nuevo' });
    const person = newPerson();
    const { id, results } = await registerViaApi(app, sessionId, [person]);
    const [session] = await app.sql(`SELECT to_char(start_date, 'YYYY-MM-DD') AS d FROM event_sessions WHERE id = $1`, [
      sessionId,
    ]);
    const [y, m, d] = session.d.split('-').map(Number);
    const date = new Date(y, m - 1, d).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

    await openCancellation(page, cancelUrl(id));
    await seeText(page, 'Cancelar inscripción');
    await seeText(page, `Hola, ${person.firstName}`);
    await seeText(page, 'Concierto de Año Nuevo');
    await seeText(page, date);
    await seeText(page, /10:00.*11:30/);
    // 'Tu entrada': a person who lost the e-mail still has their ticket here (the QR decodes to their code).
    await page.getByRole('heading', { name: 'Tu entrada' }).waitFor();
    expect(results[0].ticketCode).toMatch(new RegExp(`^${id}-[A-Z2-7]{26}$`));
    expect(await ticketShown(page, page, person.firstName)).toEqual({
      decoded: results[0].ticketCode,
      text: results[0].ticketCode,
    });
    // Only its own code: the booking page's chunks (DOMPurify for the description) are never downloaded here.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(scripts.some((u) => /\/assets\/CancelPage-/.test(u))).toBe(true);
    expect(scripts.filter((u) => /\/assets\/(purify|App)-/.test(u))).toEqual([]);
    // Nothing is cancelled before the visitor confirms.
    expect((await app.sql(`SELECT state FROM registrations WHERE id = $1`, [id]))[0].state).toBe(0);
    await screenshot(page, 'cancel-confirm');

    await confirmCancellation(page);
    await seeText(page, 'Inscripción cancelada');
    await seeText(page, /Concierto de Año Nuevo.*cancelada/);
    await notSeen(page, 'Confirmar cancelación');
    expect((await app.sql(`SELECT state FROM registrations WHERE id = $1`, [id]))[0].state).toBe(1);
    await screenshot(page, 'cancel-done');

    await openCancellation(page, cancelUrl(id));
    await seeText(page, INVALID);
    await notSeen(page, 'Confirmar cancelación');
  });

  it('una persona en la lista de espera ve su posición y sale de la lista', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app, { maxAttendees: 1, registered: 1, maxQueueSpots: 5, queued: 1 });
    const { id } = await registerViaApi(app, sessionId, [newPerson()]);

    await openCancellation(page, cancelUrl(id));
    await seeText(page, /lista de espera/);
    await seeText(page, 'Posición 2');
    // No ticket while waiting.
    await notSeen(page, 'Tu entrada');
    await confirmCancellation(page);
    await seeText(page, 'Inscripción cancelada');
    expect(await app.sql(`SELECT state, queue_position FROM registrations WHERE id = $1`, [id])).toEqual([
      { state: 1, queue_position: null },
    ]);
  });

  it('un enlace manipulado o sin código no cancela nada', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app);
    const { id } = await registerViaApi(app, sessionId, [newPerson()]);

    const forged = cancelUrl(id).replace(/token=\d+/, `token=${id + 1}`);
    await openCancellation(page, forged);
    await seeText(page, INVALID);
    await notSeen(page, 'Confirmar cancelación');

    await openCancellation(page, '/cancel');
    await seeText(page, 'Enlace no válido');
    expect((await app.sql(`SELECT state FROM registrations WHERE id = $1`, [id]))[0].state).toBe(0);
  });

  it('doble clic en «Confirmar cancelación»: una sola petición y «Inscripción cancelada», nunca «no es válido»', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app);
    const { id } = await registerViaApi(app, sessionId, [newPerson()]);
    await openCancellation(page, cancelUrl(id));
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/registrations/cancellation/') && posts++);
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/registrations/cancellation/') && r.request().method() === 'POST',
    );
    // Two clicks in the same task, before React can re-render the button as disabled (the fastest double click).
    await page.getByRole('button', { name: 'Confirmar cancelación' }).evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
    expect((await answer).status()).toBe(200);
    await seeText(page, 'Inscripción cancelada');
    await notSeen(page, INVALID);
    expect(posts).toBe(1);
  });
});
