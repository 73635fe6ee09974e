import { SmtpCapture, eventually } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** SMTP settings (password write-only and encrypted, booleans as text) and the test e-mail, against a real SMTP
 * server that requires a login. */
describe('E-mail settings and test e-mail', () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let admin: string;

  const settings = () => app.request('GET', '/api/email/settings', { token: admin });
  const save = (body: object) => app.request('PUT', '/api/email/settings', { token: admin, body });
  const sendTest = (query: string) => app.request('POST', `/api/email/test${query}`, { token: admin });
  const configured = () => ({
    emailEnabled: true,
    smtpHost: '127.0.0.1',
    smtpPort: smtp.port,
    smtpUsername: 'buzon',
    smtpPassword: 'clave-smtp-secreta',
    smtpUseSsl: false,
    emailFromAddress: 'inscripciones@example.com',
    emailFromName: 'Inscripciones Ayuntamiento',
  });

  beforeAll(async () => {
    smtp = await SmtpCapture.start({ login: { user: 'buzon', pass: 'clave-smtp-secreta' } });
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it('starts disabled, on port 587 with SSL on, booleans as text and no password', async () => {
    const res = await settings();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      emailEnabled: 'false',
      smtpHost: '',
      smtpPort: 587,
      smtpUsername: '',
      smtpUseSsl: 'true',
      emailFromAddress: '',
      emailFromName: '',
      baseUrl: '',
      hasSmtpPassword: 'false',
    });
  });

  it('refuses to test while sending is disabled, and checks the address', async () => {
    const disabled = await sendTest('?testEmail=yo@example.com');
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({ code: 'EMAIL_DISABLED', message: expect.stringContaining('deshabilitado') });
    const missing = await sendTest('');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ testEmail: ['Indique un email de destino para la prueba (testEmail)'] });
    const invalid = await sendTest('?testEmail=no-es-un-email');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ testEmail: ['El email de destino de la prueba no es válido'] });
  });

  it('refuses bad values with Spanish messages naming the field, and writes nothing', async () => {
    const noServer = await save({ emailEnabled: true });
    expect(noServer.status).toBe(400);
    expect(noServer.body.errors).toEqual({
      smtpHost: ['El servidor SMTP es requerido para activar el envío de emails'],
      emailFromAddress: ['El email del remitente es requerido para activar el envío de emails'],
    });
    const bad = await save({
      emailEnabled: 'quizá',
      smtpPort: 70000,
      emailFromAddress: 'x@',
      baseUrl: 'ftp://x',
      smtpUseSsl: 'sí',
      smtpHost: 'smtp example',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      emailEnabled: ['emailEnabled es requerido y debe ser true o false'],
      smtpPort: ['El puerto SMTP debe ser un número entero entre 1 y 65535'],
      emailFromAddress: ['El email del remitente no es válido'],
      baseUrl: [expect.stringContaining('La URL base debe ser una dirección http o https')],
      smtpUseSsl: ['smtpUseSsl debe ser true o false'],
      smtpHost: ['El servidor SMTP no es válido'],
    });
    expect((await settings()).body.emailEnabled).toBe('false');
  });

  it('stores the password encrypted, never answers it, and keeps it when sent blank', async () => {
    const res = await save({ ...configured(), baseUrl: 'https://reservas.example.com/' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      emailEnabled: 'true',
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpUsername: 'buzon',
      smtpUseSsl: 'false',
      emailFromAddress: 'inscripciones@example.com',
      emailFromName: 'Inscripciones Ayuntamiento',
      baseUrl: 'https://reservas.example.com',
      hasSmtpPassword: 'true',
    });
    expect(JSON.stringify((await settings()).body)).not.toContain('clave-smtp-secreta');
    const [row] = await app.sql(`SELECT smtp_password_sealed FROM email_settings`);
    expect(row.smtp_password_sealed).toMatch(/^v1\./);
    expect(row.smtp_password_sealed).not.toContain('clave-smtp-secreta');

    // Booleans may come as the server writes them; a blank password keeps the stored one.
    const again = await save({ emailEnabled: 'true', smtpUseSsl: 'false', smtpPassword: '' });
    expect(again.status).toBe(200);
    const [after] = await app.sql(`SELECT smtp_password_sealed FROM email_settings`);
    expect(after.smtp_password_sealed).toBe(row.smtp_password_sealed);
  });

  it('sends a test e-mail now through the server, logging in with the stored password', async () => {
    const res = await sendTest('?testEmail=yo@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Email de prueba enviado a yo@example.com' });
    const [mail] = smtp.to('yo@example.com');
    expect(mail.subject).toBe('Email de prueba');
    expect(mail.headers.from).toBe('Inscripciones Ayuntamiento <inscripciones@example.com>');
    expect(mail.text).toContain('el envío funciona');
    const [log] = await app.sql(
      `SELECT email_type, status, error_message FROM email_messages WHERE email_address = 'yo@example.com'`,
    );
    expect(log).toEqual({ email_type: 'Test', status: 1, error_message: null });
  });

  it('uses a changed password at once (the transport is rebuilt) and answers an SMTP refusal as a 502 with its text', async () => {
    expect((await save({ emailEnabled: true, smtpPassword: 'otra-clave' })).status).toBe(200);
    const refused = await sendTest('?testEmail=yo2@example.com');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ statusCode: 502, code: 'SMTP_ERROR' });
    expect(refused.body.message).toMatch(
      /^No se pudo enviar el email de prueba\. El servidor SMTP no aceptó el usuario o la contraseña: .*\. Detalle: Invalid login/,
    );
    const [log] = await app.sql(
      `SELECT status, error_message FROM email_messages WHERE email_address = 'yo2@example.com'`,
    );
    expect(log.status).toBe(2);
    expect(log.error_message).toContain('Invalid login');

    expect((await save({ emailEnabled: true, smtpPassword: 'clave-smtp-secreta' })).status).toBe(200);
    expect((await sendTest('?testEmail=yo3@example.com')).status).toBe(200);
    await eventually(() => smtp.to('yo3@example.com').length === 1);
  });

  it('answers a refused recipient as a 502 with the server answer, without the address (a 5xx is logged)', async () => {
    smtp.refuse.add('rechazado@example.com');
    const res = await sendTest('?testEmail=rechazado@example.com');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(
      /^No se pudo enviar el email de prueba\. El servidor SMTP rechazó la dirección del destinatario\. Detalle: .*550 5\.1\.1 <\[dirección\]>: Recipient address rejected/,
    );
    expect(res.body.message).not.toContain('rechazado@example.com');
    // The e-mail log keeps the whole answer.
    const [log] = await app.sql(
      `SELECT status, error_message FROM email_messages WHERE email_address = 'rechazado@example.com'`,
    );
    expect(log).toEqual({
      status: 2,
      error_message: expect.stringContaining('<rechazado@example.com>: Recipient address rejected'),
    });
  });

  it('answers a server that is down as a 502, not a crash', async () => {
    await smtp.stop();
    try {
      const res = await sendTest('?testEmail=yo4@example.com');
      expect(res.status).toBe(502);
      // In Spanish, the server's text as the detail.
      expect(res.body.message).toMatch(
        /^No se pudo enviar el email de prueba\. El servidor SMTP rechazó la conexión: .*\. Detalle: .*ECONNREFUSED/,
      );
    } finally {
      await smtp.listen();
    }
  });

  it('needs Settings.Read to read and Settings.Update to change or test', async () => {
    const reader = await app.staffWith(['Settings.Read']);
    const read = await app.request('GET', '/api/email/settings', { token: reader.token });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('smtpPassword');
    expect(
      (await app.request('PUT', '/api/email/settings', { token: reader.token, body: { emailEnabled: false } })).status,
    ).toBe(403);
    expect((await app.request('POST', '/api/email/test?testEmail=a@example.com', { token: reader.token })).status).toBe(
      403,
    );
  });
});
