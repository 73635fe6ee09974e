import { smtpErrorExplanation, smtpErrorText } from './smtp-error-text';

/** An error as nodemailer raises it. */
function smtpError(message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), fields);
}

describe('SMTP errors in Spanish, the server text as a detail', () => {
  it('connection refused', () => {
    const text = smtpErrorText(smtpError('connect ECONNREFUSED 127.0.0.1:2525', { code: 'ESOCKET' }));
    expect(text).toBe(
      'El servidor SMTP rechazó la conexión: compruebe el servidor y el puerto, y que el servidor esté en marcha. Detalle: connect ECONNREFUSED 127.0.0.1:2525',
    );
  });

  it('unknown host', () => {
    expect(smtpErrorExplanation(smtpError('getaddrinfo ENOTFOUND smtp.ejemplo.invalid', { code: 'EDNS' }))).toBe(
      'No se encontró el servidor SMTP: compruebe el nombre del servidor',
    );
  });

  it('TLS and STARTTLS', () => {
    for (const error of [
      smtpError('Error initiating TLS - Error: wrong version number', { code: 'ETLS' }),
      smtpError('140B8A:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', { code: 'ESOCKET' }),
      smtpError("Can't upgrade connection: STARTTLS not supported", { code: 'ETLS' }),
      smtpError('self-signed certificate', { code: 'ESOCKET' }),
    ])
      expect(smtpErrorExplanation(error)).toMatch(/^No se pudo establecer la conexión cifrada \(TLS\/STARTTLS\)/);
  });

  it('authentication', () => {
    const text = smtpErrorText(
      smtpError('Invalid login: 535 5.7.8 Error: authentication failed', { code: 'EAUTH', responseCode: 535 }),
    );
    expect(text).toMatch(/^El servidor SMTP no aceptó el usuario o la contraseña: .*\. Detalle: Invalid login: 535/);
  });

  it('recipient and sender rejected', () => {
    expect(
      smtpErrorText(
        smtpError(
          "Can't send mail - all recipients were rejected: 550 5.1.1 <x@example.com>: Recipient address rejected",
          {
            code: 'EENVELOPE',
            responseCode: 550,
            command: 'RCPT TO',
          },
        ),
      ),
    ).toMatch(/^El servidor SMTP rechazó la dirección del destinatario\. Detalle: .*550 5\.1\.1/);
    expect(
      smtpErrorExplanation(
        smtpError('Mail command failed: 553 Sender rejected', { code: 'EENVELOPE', command: 'MAIL FROM' }),
      ),
    ).toBe('El servidor SMTP rechazó la dirección del remitente: compruebe el email del remitente');
  });

  it('timeout', () => {
    for (const message of ['Connection timeout', 'Greeting never received'])
      expect(smtpErrorExplanation(smtpError(message, { code: 'ETIMEDOUT' }))).toMatch(
        /^El servidor SMTP no respondió a tiempo/,
      );
  });

  it('an unknown cause keeps the server text alone; nothing at all says so', () => {
    expect(smtpErrorText(smtpError('Something odd'))).toBe('Something odd');
    expect(smtpErrorText(smtpError('  '))).toBe('Error desconocido');
    expect(smtpErrorText(smtpError('Message rejected', { responseCode: 554 }))).toBe(
      'El servidor SMTP rechazó el envío. Detalle: Message rejected',
    );
  });

  it('at most 1000 characters, spaces collapsed', () => {
    expect(smtpErrorText(smtpError(`connect ECONNREFUSED\n\n${'x'.repeat(2000)}`)).length).toBe(1000);
    expect(smtpErrorText(smtpError('a\n  b'))).toBe('a b');
  });
});
