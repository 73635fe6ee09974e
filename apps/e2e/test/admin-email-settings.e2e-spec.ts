// Back office: e-mail settings (docs/product.md §2 "E-mail settings screen", 3, 5, 8, 9), in Debian's Chromium against the
// real API and a real SMTP server started by the test.
import { SmtpCapture } from '@evreg/testing';
import { expectNoEnglish, requireAdminBuild, sidebarItems, signIn, visit } from './support/admin';
import { card, expectValue } from './support/admin-messaging';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 1000 } } });
const LOGIN = { user: 'buzon-inscripciones', pass: 'clave-smtp-1' };
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await SmtpCapture.start({ login: LOGIN });
});
afterAll(async () => {
  await smtp?.stop();
});

async function stored() {
  const [row] = await e2e.app.sql(
    `SELECT email_enabled, smtp_host, smtp_port, smtp_username, smtp_use_ssl, from_address, from_name, base_url, smtp_password_sealed FROM email_settings`,
  );
  return row;
}

describe('Configuración Email', () => {
  it('guarda la configuración SMTP, envía una prueba que llega al servidor, y la contraseña vacía conserva la guardada', async () => {
    const { page } = e2e;
    await signIn(page);
    await visit(page, '/email-settings', 'Configuración Email');
    const form = card(page, 'Servidor SMTP');
    const test = card(page, 'Email de prueba');
    // Defaults of docs/product.md §5/9: port 587, SSL on; sending off, so the test e-mail is not offered yet.
    await expectValue(form.getByLabel('Puerto'), '587');
    expect(await form.getByLabel('Usar SSL/TLS').isChecked()).toBe(true);
    expect(await form.getByLabel('Envío de emails activado').isChecked()).toBe(false);
    await seeText(test, 'Activa el envío de emails y guarda la configuración para enviar una prueba');
    expect(await test.getByRole('button', { name: 'Enviar Email de Prueba' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'configuración de email');
    await expectNoEnglish(page, 'configuración de email');

    // Enabling needs a server and a sender address (the server's own rule, said before sending).
    await form.getByLabel('Envío de emails activado').check();
    await form.getByRole('button', { name: 'Guardar Configuración' }).click();
    await expectError(
      form.getByLabel('Servidor SMTP', { exact: true }),
      'El servidor SMTP es requerido para activar el envío de emails',
    );
    await expectError(
      form.getByLabel('Email del remitente'),
      'El email del remitente es requerido para activar el envío de emails',
    );
    await form.getByLabel('Puerto').fill('70000');
    await form.getByRole('button', { name: 'Guardar Configuración' }).click();
    await expectError(form.getByLabel('Puerto'), 'El puerto SMTP debe ser un número entero entre 1 y 65535');
    expect((await stored()).email_enabled).toBe(false);

    await form.getByLabel('Servidor SMTP', { exact: true }).fill('127.0.0.1');
    await form.getByLabel('Puerto').fill(String(smtp.port));
    // The capture server offers no STARTTLS: encryption can't be required.
    await form.getByLabel('Usar SSL/TLS').uncheck();
    await form.getByLabel('Usuario SMTP').fill(LOGIN.user);
    const password = form.getByLabel('Contraseña SMTP', { exact: true });
    await password.fill(LOGIN.pass);
    // The password is masked; the eye shows it.
    expect(await password.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Mostrar contraseña smtp' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Ocultar contraseña smtp' }).click();
    await form.getByLabel('Email del remitente').fill('inscripciones@ayuntamiento.example.es');
    await form.getByLabel('Nombre del remitente').fill('Inscripciones Ayuntamiento');
    await form.getByLabel('URL base de los enlaces').fill('https://reservas.ayuntamiento.example.es');
    await form.getByRole('button', { name: 'Guardar Configuración' }).click();
    const saved = form.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' });
    await saved.waitFor();
    const first = await stored();
    expect(first).toEqual({
      email_enabled: true,
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_username: LOGIN.user,
      smtp_use_ssl: false,
      from_address: 'inscripciones@ayuntamiento.example.es',
      from_name: 'Inscripciones Ayuntamiento',
      base_url: 'https://reservas.ayuntamiento.example.es',
      smtp_password_sealed: expect.stringMatching(/^v1\./),
    });
    expect(first.smtp_password_sealed).not.toContain(LOGIN.pass);
    // Write-only: the field is empty again and says a password is kept.
    await expectValue(password, '');
    await seeText(form, 'Hay una contraseña guardada: déjala vacía para mantenerla');
    await screenshot(page, 'admin-email-settings');
    await saved.waitFor({ state: 'detached' });

    // The test e-mail needs an address, then goes out at once through the server (which checked the login).
    await test.getByRole('button', { name: 'Enviar Email de Prueba' }).click();
    await expectError(test.getByLabel('Email de destino'), 'Indica el email al que enviar la prueba');
    await test.getByLabel('Email de destino').fill('responsable@ayuntamiento.example.es');
    await test.getByRole('button', { name: 'Enviar Email de Prueba' }).click();
    await test
      .getByRole('status')
      .filter({ hasText: 'Email de prueba enviado a responsable@ayuntamiento.example.es' })
      .waitFor();
    await eventually(() => expect(smtp.to('responsable@ayuntamiento.example.es')).toHaveLength(1));
    const [mail] = smtp.to('responsable@ayuntamiento.example.es');
    expect(mail.subject).toBe('Email de prueba');
    expect(mail.from).toBe('inscripciones@ayuntamiento.example.es');
    expect(mail.headers.from).toContain('Inscripciones Ayuntamiento');

    // After a reload the form shows what was saved (booleans converted from the server's strings).
    await page.reload();
    await expectValue(card(page, 'Servidor SMTP').getByLabel('Servidor SMTP', { exact: true }), '127.0.0.1');
    const again = card(page, 'Servidor SMTP');
    await expectValue(again.getByLabel('Puerto'), String(smtp.port));
    expect(await again.getByLabel('Envío de emails activado').isChecked()).toBe(true);
    expect(await again.getByLabel('Usar SSL/TLS').isChecked()).toBe(false);
    await expectValue(again.getByLabel('Contraseña SMTP', { exact: true }), '');

    // Saving with the password left empty keeps the stored one: the column is unchanged and the login still works.
    await again.getByLabel('Nombre del remitente').fill('Inscripciones');
    await again.getByRole('button', { name: 'Guardar Configuración' }).click();
    await again.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' }).waitFor();
    const second = await stored();
    expect(second.from_name).toBe('Inscripciones');
    expect(second.smtp_password_sealed).toBe(first.smtp_password_sealed);
    const test2 = card(page, 'Email de prueba');
    await test2.getByLabel('Email de destino').fill('responsable@ayuntamiento.example.es');
    await test2.getByRole('button', { name: 'Enviar Email de Prueba' }).click();
    await test2.getByRole('status').filter({ hasText: 'Email de prueba enviado a' }).waitFor();
    await eventually(() => expect(smtp.to('responsable@ayuntamiento.example.es')).toHaveLength(2));
    await expectNoEnglish(page, 'configuración de email guardada');
  });

  it('si el servidor SMTP no responde, la prueba dice «Error al probar configuración de email» con el motivo', async () => {
    const { app, page } = e2e;
    const token = await app.adminToken();
    const res = await app.request('PUT', '/api/email/settings', {
      token,
      body: {
        emailEnabled: true,
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpUseSsl: false,
        smtpUsername: LOGIN.user,
        smtpPassword: LOGIN.pass,
        emailFromAddress: 'a@example.com',
      },
    });
    expect(res.status).toBe(200);
    await signIn(page);
    await visit(page, '/email-settings', 'Configuración Email');
    const test = card(page, 'Email de prueba');
    await test.getByLabel('Email de destino').fill('nadie@example.com');
    await smtp.stop();
    try {
      await test.getByRole('button', { name: 'Enviar Email de Prueba' }).click();
      await test
        .getByRole('alert')
        .filter({
          hasText:
            'Error al probar configuración de email: No se pudo enviar el email de prueba. El servidor SMTP rechazó la conexión: compruebe el servidor y el puerto',
        })
        .waitFor();
    } finally {
      await smtp.listen();
    }
    // A wrong login is refused by the server too.
    await card(page, 'Servidor SMTP').getByLabel('Contraseña SMTP', { exact: true }).fill('otra-clave');
    await card(page, 'Servidor SMTP').getByRole('button', { name: 'Guardar Configuración' }).click();
    await card(page, 'Servidor SMTP')
      .getByRole('status')
      .filter({ hasText: 'Configuración guardada exitosamente' })
      .waitFor();
    await test.getByRole('button', { name: 'Enviar Email de Prueba' }).click();
    await test
      .getByRole('alert')
      .filter({ hasText: /Error al probar configuración de email: .*no aceptó el usuario o la contraseña.*Detalle: / })
      .waitFor();
    expect(smtp.to('nadie@example.com')).toEqual([]);
    await expectNoEnglish(page, 'prueba fallida');
  });

  it('con Settings.Update sin Settings.Read la pantalla lo explica (sin llamadas rechazadas); sin Settings.Update, «Acceso Denegado»', async () => {
    const { app, page } = e2e;
    const updater = await app.staffWith(['Settings.Update']);
    await signIn(page, updater.email, updater.password);
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Configuración Email', 'Plantillas', 'Configuración SMS']);
    await visit(page, '/email-settings', 'Configuración Email');
    await seeText(page, 'Para cargar esta sección también necesitas el permiso Settings.Read');
    await visit(page, '/email-templates', 'Plantillas');
    await seeText(page, 'Para cargar esta sección también necesitas el permiso Settings.Read');
    expect(new URL(page.url()).pathname).toBe('/admin/email-templates');

    const reader = await app.staffWith(['Settings.Read']);
    const other = await e2e.newPage({ bypassCSP: true });
    await signIn(other, reader.email, reader.password);
    // Settings.Read also shows the integrations (API tokens), read-only.
    expect(await sidebarItems(other)).toEqual(['Dashboard', 'Registro SMS', 'Integraciones', 'Estado del sistema']);
    await other.goto('/admin/email-settings');
    await other.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    await other.goto('/admin/email-templates/create');
    await other.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
  });
});
