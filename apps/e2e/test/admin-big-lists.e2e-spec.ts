// Back office at real size (issue 23 §2): one session with 1,500 people registered and 300 waiting (bigSession, bulk
// SQL), in Debian's Chromium against the real API. The session's people and its waiting list are drawn a page at a
// time with a search, and a person moved with the keyboard through a 300-person list lands, and is saved, where
// the screen showed them: every key press counts, in order. Timings: tools/bench/big-lists.mjs, not here.
import { bigSession, bigSessionPerson, invariantProblems, waitingIds } from '@evreg/testing';
import type { Page } from 'playwright-core';
import { dialog, requireAdminBuild, signIn, visit } from './support/admin';
import { expandEvent, openEvents, sessionRow } from './support/admin-events';
import { chooseOption, notification, typeAndChoose } from './support/admin-people';
import { eventually, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

const REGISTERED = 1500;
const WAITING = 300;
const nameOf = (n: number) => {
  const p = bigSessionPerson(n);
  return `${p.firstName} ${p.lastName}`;
};
/** The n-th person of the waiting list as the fixture made it (registered people come first). */
const waiting = (position: number) => REGISTERED + position;

/** The names in a table's body, top to bottom. */
async function names(page: Page, table: ReturnType<Page['getByRole']>, column: number): Promise<string[]> {
  return (
    await table.locator('tbody tr').evaluateAll((rows, c) => rows.map((r) => r.children[c].textContent!), column)
  ).map((t) => t.trim());
}

describe('Sesiones grandes: 1.500 inscritas y 300 en espera', () => {
  let big: Awaited<ReturnType<typeof bigSession>>;
  beforeAll(async () => {
    big = await bigSession(e2e.app, { title: 'Concierto multitudinario', registered: REGISTERED, waiting: WAITING });
    expect(await invariantProblems(e2e.app, big.sessionId)).toEqual([]);
  });

  it('Personas inscritas: 20 por página, con el total, y la búsqueda encuentra a una persona entre 1.500', async () => {
    const { page } = e2e;
    await openEvents(page);
    await expandEvent(page, 'Concierto multitudinario');
    await sessionRow(page, big.sessionId)
      .getByRole('button', { name: `Personas inscritas en la sesión ${big.sessionId}` })
      .click();
    const people = dialog(page, `Personas inscritas · Sesión ${big.sessionId}`);
    await seeText(people, '1500 activos, 0 cancelados, 0 asistieron');
    await seeText(people, 'Mostrando 20 de 1500 personas');
    await seeText(people, 'Página 1 de 75');
    const table = people.getByRole('table');
    // Column 0 holds the selection checkboxes: 1 is the name, 2 the e-mail.
    expect(await table.locator('tbody tr').count()).toBe(20);
    const first = await names(page, table, 2);

    await people.getByRole('button', { name: 'Siguiente' }).click();
    await seeText(people, 'Página 2 de 75');
    const second = await names(page, table, 2);
    expect(second).toHaveLength(20);
    expect(second.filter((email) => first.includes(email))).toEqual([]);

    // One person among 1,500, by e-mail, by DNI, by name without accents; the count says so.
    const search = people.getByLabel('Buscar');
    const ana = bigSessionPerson(1234);
    await search.fill(ana.email);
    await eventually(async () => expect(await names(page, table, 2)).toEqual([ana.email]));
    await seeText(people, 'Mostrando 1 de 1 personas');
    await search.fill(ana.userTaxId.toLowerCase());
    await eventually(async () => expect(await names(page, table, 2)).toEqual([ana.email]));
    const accentless = nameOf(1234)
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '');
    await search.fill(accentless);
    await eventually(async () => expect(await names(page, table, 1)).toContain(nameOf(1234)));
    await search.fill('nadie-se-llama-asi');
    await seeText(people, 'Nadie coincide con la búsqueda');
    // Waiting people are not in this dialog.
    await search.fill(bigSessionPerson(waiting(1)).email);
    await seeText(people, 'Nadie coincide con la búsqueda');
  });

  it('lista de espera de 300: por páginas, con búsqueda, y Espacio, ↓ ×5 rápido, Espacio guarda el puesto 6', async () => {
    const { page, app } = e2e;
    await signIn(page);
    await visit(page, '/queue-management', 'Listas de Espera');
    await typeAndChoose(page, page, 'Evento', 'multitudinario', /Concierto multitudinario/);
    await chooseOption(page, page, 'Sesión', new RegExp(`En espera: ${WAITING}/${WAITING}`));
    const table = page.getByRole('table', { name: 'Personas en la lista de espera' });
    await seeText(page, 'Mostrando 20 de 300 personas');
    expect(await table.locator('tbody tr').count()).toBe(20);
    expect((await names(page, table, 1)).slice(0, 3)).toEqual(['1', '2', '3']);

    // Found by DNI on page 13, with its place in the whole list; reordering waits for the search to be cleared (no
    // handles: the position is the first column).
    const search = page.getByLabel('Buscar en la lista');
    await search.fill(bigSessionPerson(waiting(250)).userTaxId);
    await eventually(async () => expect(await names(page, table, 0)).toEqual(['250']));
    expect(await table.getByRole('button', { name: /^Mover a / }).count()).toBe(0);
    await search.fill('');
    await seeText(page, 'Página 1 de 15');

    const before = await waitingIds(app, big.sessionId);
    const lifted = nameOf(waiting(1));
    const handle = table.getByRole('button', { name: `Mover a ${lifted}, puesto 1` });
    await handle.focus();
    // As fast as the keyboard sends them: no waiting for the screen between presses.
    await page.keyboard.press('Space');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page
      .getByRole('status')
      .filter({ hasText: `${lifted} se ha dejado en el puesto 6.` })
      .waitFor();
    await notification(page, 'Orden de la lista actualizado correctamente').waitFor();
    const expected = [...before.slice(1, 6), before[0], ...before.slice(6)];
    await eventually(async () => expect(await waitingIds(app, big.sessionId)).toEqual(expected));
    await eventually(async () =>
      expect((await names(page, table, 2)).slice(0, 7)).toEqual([2, 3, 4, 5, 6, 1, 7].map((p) => nameOf(waiting(p)))),
    );

    // Across a page: the 20th moves down once onto page 2; the page follows and the handle keeps the focus.
    const twentieth = nameOf(waiting(20));
    await table.getByRole('button', { name: `Mover a ${twentieth}, puesto 20` }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await seeText(page, 'Página 2 de 15');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `${twentieth} se ha dejado en el puesto 21.` })
      .waitFor();
    await eventually(async () => expect((await waitingIds(app, big.sessionId)).indexOf(before[19])).toBe(20));
    expect(await invariantProblems(app, big.sessionId)).toEqual([]);
  });
});
