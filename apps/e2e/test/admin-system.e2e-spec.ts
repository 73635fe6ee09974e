// Back office: 'Estado del sistema' (issue 26), in Debian's Chromium against the real API on PostgreSQL and Redis:
// each service as a coloured chip with its text, an SMTP server that does not answer in red.
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { expectNoEnglish, requireAdminBuild, sidebarItems, signIn, visit } from './support/admin';
import { expectAccessible } from './support/axe';
import { seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

/** A loopback port where nothing listens (opened, then closed). */
function closedPort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

const chipOf = (page: Page, testId: string) => page.getByTestId(testId).locator('.MuiChip-root');

describe('Estado del sistema', () => {
  it('muestra cada servicio con su color y su texto; un servidor SMTP caído, en rojo', async () => {
    const { page, app } = e2e;
    const port = await closedPort();
    const admin = await app.adminToken();
    const saved = await app.request('PUT', '/api/email/settings', {
      token: admin,
      body: {
        emailEnabled: true,
        smtpHost: '127.0.0.1',
        smtpPort: port,
        smtpUseSsl: false,
        emailFromAddress: 'inscripciones@example.com',
        emailFromName: 'Inscripciones',
      },
    });
    expect(saved.status).toBe(200);

    await signIn(page);
    expect(await sidebarItems(page)).toContain('Estado del sistema');
    await visit(page, '/system', 'Estado del sistema');
    const card = page.getByRole('main');
    await seeText(card, 'Comprobado a las');
    await seeText(chipOf(page, 'status-Base de datos (PostgreSQL)'), 'Funciona');
    expect(await chipOf(page, 'status-Base de datos (PostgreSQL)').getAttribute('class')).toContain('colorSuccess');
    await seeText(chipOf(page, 'status-Redis (cola de trabajos)'), 'Funciona');
    await seeText(chipOf(page, 'status-Servidor SMTP'), 'Sin conexión');
    expect(await chipOf(page, 'status-Servidor SMTP').getAttribute('class')).toContain('colorError');
    await seeText(page.getByTestId('status-Servidor SMTP'), `127.0.0.1:${port}: conexión rechazada`);
    await seeText(chipOf(page, 'status-SMS (Netelip)'), 'Sin configurar');
    expect(await chipOf(page, 'status-SMS (Netelip)').getAttribute('class')).toContain('colorWarning');
    await seeText(chipOf(page, 'outbox-email'), 'Al día');
    await expectAccessible(page, 'estado del sistema');
    await expectNoEnglish(page, 'estado del sistema');
    await screenshot(page, 'admin-system-status');
  });
});
