// Back office on bad days (issue 15): one truth for a locked account and its 'Desbloquear', settings cards that
// fail to load, dialogs that start on their first field, the not-found page. Debian's Chromium, the real API.
import type { Locator, Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, row, signIn, visit } from './support/admin';
import { notification } from './support/admin-messaging';
import { expectAccessible } from './support/axe';
import { eventually, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

/** Waits until this control has the keyboard focus. */
async function expectFocused(control: Locator): Promise<void> {
  await eventually(async () => expect(await control.evaluate((el) => el === document.activeElement)).toBe(true));
}

async function lockout(userId: string) {
  const [row] = await e2e.app.sql<{ lockout_enabled: boolean; locked: boolean; access_failed_count: number }>(
    `SELECT lockout_enabled, coalesce(lockout_end > now(), false) AS locked, access_failed_count FROM users WHERE id = $1`,
    [userId],
  );
  return row;
}

/** A GET of this API path answered 500 by the browser; anything else goes through. */
async function failReads(page: Page, path: string): Promise<void> {
  await page.route(`**/api${path}`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
  );
}

describe('El panel en los días malos', () => {
  it('una cuenta bloqueada por intentos fallidos: el interruptor lo dice, guardar no la convierte en bloqueo y Desbloquear la libera', async () => {
    const { app, page } = e2e;
    const staff = await app.staffWith(['Events.Read']);
    // The lockout after failed sign-ins (not a block by staff).
    await app.sql(
      `UPDATE users SET access_failed_count = 5, lockout_end = now() + interval '15 minutes' WHERE id = $1`,
      [staff.userId],
    );
    await signIn(page);
    await visit(page, '/users', 'Usuarios');
    const user = row(page, staff.email);
    await user.getByText('Bloqueado', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Desbloquear ${staff.email}` }).waitFor();
    await expectAccessible(page, 'usuarios con uno bloqueado');

    // The edit dialog starts on its first field and its switch reads the real state.
    await page.getByRole('button', { name: `Editar ${staff.email}` }).click();
    const edit = dialog(page, 'Editar Usuario');
    await expectFocused(edit.getByLabel('Email', { exact: true }));
    const locked = edit.getByRole('switch', { name: 'Cuenta bloqueada' });
    await eventually(async () => expect(await locked.isChecked()).toBe(true));
    // Saved untouched: the temporary lockout stays what it was, not a block by staff.
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await notification(page, 'Usuario actualizado').waitFor();
    expect(await lockout(staff.userId)).toEqual({ lockout_enabled: false, locked: true, access_failed_count: 5 });

    // 'Desbloquear' clears the lockout in one step.
    await page.getByRole('button', { name: `Desbloquear ${staff.email}` }).click();
    await notification(page, `Usuario ${staff.email} desbloqueado`).waitFor();
    await user.getByText('Activo', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Desbloquear ${staff.email}` }).waitFor({ state: 'detached' });
    expect(await lockout(staff.userId)).toEqual({ lockout_enabled: false, locked: false, access_failed_count: 0 });
    expect((await app.login(staff.email, staff.password)).accessToken).toBeTruthy();
    await page.getByRole('button', { name: `Editar ${staff.email}` }).click();
    await eventually(async () =>
      expect(await dialog(page, 'Editar Usuario').getByRole('switch', { name: 'Cuenta bloqueada' }).isChecked()).toBe(
        false,
      ),
    );
    await expectNoEnglish(page, 'usuario desbloqueado');
  });

  it('un bloqueo del personal también se levanta con Desbloquear', async () => {
    const { app, page } = e2e;
    const staff = await app.staffWith(['Events.Read']);
    await app.sql(`UPDATE users SET lockout_enabled = true, lockout_end = '9999-12-31' WHERE id = $1`, [staff.userId]);
    await signIn(page);
    await visit(page, '/users', 'Usuarios');
    await row(page, staff.email).getByText('Bloqueado', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Desbloquear ${staff.email}` }).click();
    await row(page, staff.email).getByText('Activo', { exact: true }).waitFor();
    expect(await lockout(staff.userId)).toEqual({ lockout_enabled: false, locked: false, access_failed_count: 0 });
  });

  it('si una configuración no carga, la tarjeta lo dice, no muestra el valor por defecto y no deja guardar hasta reintentar', async () => {
    const { app, page } = e2e;
    const token = await app.adminToken();
    await app.request('PUT', '/api/settings/TicketHoldDurationMinutes', {
      token,
      body: { data: { key: 'TicketHoldDurationMinutes', value: '7' } },
    });
    await failReads(page, '/settings/TicketHoldDurationMinutes');
    await failReads(page, '/settings/queue-settings');
    await signIn(page);
    await visit(page, '/events', 'Eventos');

    const hold = page.getByRole('region', { name: 'Duración de la reserva de plazas' });
    const queue = page.getByRole('region', { name: 'Límites de la lista de espera' });
    for (const card of [hold, queue])
      await card.getByRole('alert').filter({ hasText: 'No se pudo cargar el valor guardado' }).waitFor();
    const minutes = hold.getByLabel('Minutos');
    expect(await minutes.inputValue()).toBe('');
    expect(await minutes.isDisabled()).toBe(true);
    expect(await hold.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    expect(await queue.getByLabel('Límite por defecto').inputValue()).toBe('');
    expect(await queue.getByRole('button', { name: 'Guardar límites' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'configuración sin cargar');
    await expectNoEnglish(page, 'configuración sin cargar');

    // Once the server answers, 'Reintentar' loads the stored values and saving is back.
    await page.unrouteAll();
    await hold.getByRole('button', { name: 'Reintentar' }).click();
    await eventually(async () => expect(await minutes.inputValue()).toBe('7'));
    expect(await hold.getByRole('button', { name: 'Guardar' }).isEnabled()).toBe(true);
    await hold.getByRole('alert').waitFor({ state: 'detached' });
    await queue.getByRole('button', { name: 'Reintentar' }).click();
    await eventually(async () => expect(await queue.getByLabel('Límite por defecto').inputValue()).not.toBe(''));
    expect(await queue.getByRole('button', { name: 'Guardar límites' }).isEnabled()).toBe(true);
    expect((await app.sql(`SELECT value FROM settings WHERE key = 'TicketHoldDurationMinutes'`))[0].value).toBe('7');
  });

  it('los diálogos empiezan en su primer campo', async () => {
    const { page } = e2e;
    await signIn(page);
    await visit(page, '/users', 'Usuarios');
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    await expectFocused(dialog(page, 'Nuevo Usuario').getByLabel('Email'));
    await dialog(page, 'Nuevo Usuario').getByRole('button', { name: 'Cancelar' }).click();

    await visit(page, '/roles', 'Roles');
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    await expectFocused(dialog(page, 'Nuevo Rol').getByRole('textbox').first());
  });

  it('la página de dirección desconocida tiene su texto sin erratas', async () => {
    const { page } = e2e;
    await signIn(page);
    await page.goto('/admin/no-existe-esta-pagina');
    await seeText(page, 'La dirección no existe o el enlace no es correcto.');
    expect(await page.getByText('correcto..').count()).toBe(0);
    await expectNoEnglish(page, 'no encontrada');
  });
});
