import type { Frame, FrameLocator, Locator, Page, Response } from 'playwright-core';
import { STEP_TIMEOUT } from './e2e';

/** Where to look: the page, or the booking page inside an iframe. */
export type Scope = Page | Frame | FrameLocator;

export type Person = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  userTaxId: string;
  telephoneNumber?: string | null;
};

/** Field labels of the public form (apps/booking/src/components/AttendeeForm.tsx). */
export const LABELS = {
  firstName: 'Nombre',
  lastName: 'Apellidos',
  email: 'Correo electrónico',
  confirmEmail: 'Confirmar correo electrónico',
  userTaxId: 'DNI/NIE',
  telephoneNumber: 'Teléfono (opcional)',
} as const;
export type FieldName = keyof typeof LABELS;

/** Opens the booking page and waits for the event's title. */
export async function openBooking(page: Page, eventId: number, query = ''): Promise<void> {
  await page.goto(`/?eventId=${eventId}${query}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Opens the booking page and waits for the hold on the automatically selected session: answers its expiresAt. */
export async function openWithHold(
  page: Page,
  eventId: number,
  query = '',
): Promise<{ expiresAt: string; spots: number }> {
  const hold = page.waitForResponse((r) => r.url().endsWith('/api/ticketholds') && r.request().method() === 'POST');
  await openBooking(page, eventId, query);
  const response = await hold;
  const body = await response.json();
  expect(body).toMatchObject({ success: true });
  await countdown(page).waitFor();
  return { expiresAt: body.expiresAt, spots: JSON.parse(response.request().postData() ?? '{}').numberOfSpots };
}

/** The hold countdown (m:ss). */
export const countdown = (page: Scope) => page.getByRole('timer');

export async function countdownText(page: Scope): Promise<string> {
  return ((await countdown(page).textContent()) ?? '').trim();
}

/** The part of the page where the form, its states and the result are shown. */
export const registrationArea = (page: Scope) => page.getByRole('region', { name: 'Inscripción' });

/** The fields of one person: the whole form in single mode, the person's fieldset (legend) in two-person mode. */
export function personScope(page: Scope, index: 0 | 1, twoPeople: boolean): Locator {
  if (!twoPeople) return page.locator('form');
  return page.getByRole('group', { name: index === 0 ? 'Primera Persona' : 'Acompañante' });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input labelled exactly so (a required field's label ends with a decorative '*'). */
export const field = (scope: Locator, name: FieldName) =>
  scope.getByLabel(new RegExp(`^${escape(LABELS[name])}(\\s*\\*)?$`));

export async function fillPerson(scope: Locator, person: Partial<Person>): Promise<void> {
  for (const name of Object.keys(LABELS) as FieldName[]) {
    const value = person[name];
    if (value !== undefined && value !== null) await field(scope, name).fill(value);
  }
}

export const consent = (page: Scope) => page.getByRole('checkbox', { name: /política de privacidad/ });

/** The error text tied to a control (its aria-describedby), '' when none: what is shown next to the field
 * and what a screen reader announces with it. */
export async function errorOf(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

/** Waits until the control's error is (or contains) the given text; '' waits for no error. */
export async function expectError(control: Locator, text: string): Promise<void> {
  await eventually(async () => {
    const shown = await errorOf(control);
    if (text === '' ? shown !== '' : !shown.includes(text))
      throw new Error(`error mostrado: ${JSON.stringify(shown)}; esperado: ${JSON.stringify(text)}`);
  });
}

/** Retries an assertion until it passes (the page updates asynchronously), for at most a step's time. */
export async function eventually(check: () => Promise<void> | void, timeout = STEP_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** Waits for a visible element with this text (exact substring) inside the scope. */
export async function seeText(scope: Scope | Locator, text: string | RegExp): Promise<Locator> {
  const locator = scope.getByText(text).first();
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Asserts that no element with this text is visible now. */
export async function notSeen(scope: Scope | Locator, text: string | RegExp): Promise<void> {
  const visible = await scope.getByText(text).filter({ visible: true }).count();
  expect({ text: String(text), visible }).toEqual({ text: String(text), visible: 0 });
}

/** Clicks and waits for the answer of the registration call (single or bulk route). */
export async function submitAndWait(page: Page, button: string | RegExp): Promise<Response> {
  const answer = page.waitForResponse(
    (r) => /\/api\/events\/sessions\/\d+\/(bulk-)?registrations$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: button }).click();
  return answer;
}

/** Counts the registration calls the page makes from now on. */
export function countRegistrationCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (r) => {
    if (/\/api\/events\/sessions\/\d+\/(bulk-)?registrations$/.test(r.url()) && r.method() === 'POST') calls++;
  });
  return () => calls;
}

/** The dates offered: one radio per session in the group 'Fecha y hora' (apps/booking SessionSelect). */
export const sessionGroup = (page: Scope) => page.getByRole('group', { name: 'Fecha y hora' });

/** Labels (date, time and state) and disabled flags of the session options. */
export async function sessionOptions(page: Page): Promise<{ label: string; disabled: boolean }[]> {
  return sessionGroup(page)
    .locator('label')
    .evaluateAll((labels) =>
      labels.map((l) => ({
        label: (l.textContent ?? '').replace(/\s+/g, ' ').trim(),
        disabled: (l.querySelector('input') as HTMLInputElement).disabled,
      })),
    );
}

/** The session chosen now (its id), or null. */
export async function selectedSession(page: Scope): Promise<number | null> {
  const checked = sessionGroup(page).locator('input[type="radio"]:checked');
  return (await checked.count()) ? Number(await checked.getAttribute('value')) : null;
}

/** Chooses a session as a visitor does (clicks its date). */
export async function chooseSession(page: Scope, sessionId: number): Promise<void> {
  await sessionGroup(page).locator(`input[type="radio"][value="${sessionId}"]`).check();
}

/** Opens the cancellation link of an e-mail. */
export async function openCancellation(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Confirms on the cancellation page and checks the server's answer (200, 'Inscripción cancelada'). */
export async function confirmCancellation(page: Page): Promise<void> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/registrations/cancellation/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Confirmar cancelación' }).click();
  const response = await answer;
  expect({ status: response.status(), body: await response.text() }).toEqual({
    status: 200,
    body: expect.stringContaining('Inscripción cancelada'),
  });
}
