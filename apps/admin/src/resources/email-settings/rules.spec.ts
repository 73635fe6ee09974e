import { formFromSettings, requestFromForm, settingsErrors, testEmailProblem, type EmailSettingsForm } from './rules';

const base: EmailSettingsForm = {
  emailEnabled: true,
  smtpHost: 'smtp.example.com',
  smtpPort: '587',
  smtpUsername: '',
  smtpPassword: '',
  smtpUseSsl: true,
  emailFromAddress: 'inscripciones@example.com',
  emailFromName: 'Inscripciones',
  baseUrl: '',
};

describe('configuración de email (especificación 3, 5 y 9)', () => {
  it('los booleanos llegan como texto y se convierten; puerto 587 y SSL por defecto; la contraseña nunca se rellena', () => {
    expect(
      formFromSettings({
        emailEnabled: 'true',
        smtpHost: 'smtp.example.com',
        smtpPort: 2525,
        smtpUsername: 'yo',
        smtpUseSsl: 'false',
        emailFromAddress: 'a@example.com',
        emailFromName: 'A',
        baseUrl: 'https://reservas.example.com',
        hasSmtpPassword: 'true',
      }),
    ).toEqual({
      emailEnabled: true,
      smtpHost: 'smtp.example.com',
      smtpPort: '2525',
      smtpUsername: 'yo',
      smtpPassword: '',
      smtpUseSsl: false,
      emailFromAddress: 'a@example.com',
      emailFromName: 'A',
      baseUrl: 'https://reservas.example.com',
    });
    expect(formFromSettings(null)).toMatchObject({ emailEnabled: false, smtpPort: '587', smtpUseSsl: true });
    expect(formFromSettings({ emailEnabled: 'false', smtpUseSsl: 'nada' as 'true' })).toMatchObject({
      emailEnabled: false,
      smtpUseSsl: true,
    });
  });

  it('la contraseña vacía no se envía (se conserva la guardada); escrita, sí', () => {
    expect(requestFromForm(base)).not.toHaveProperty('smtpPassword');
    expect(requestFromForm({ ...base, smtpPassword: ' secreta ' }).smtpPassword).toBe(' secreta ');
    expect(requestFromForm({ ...base, smtpHost: ' smtp.example.com ', smtpPort: '' })).toMatchObject({
      smtpHost: 'smtp.example.com',
      smtpPort: 587,
      emailEnabled: true,
      smtpUseSsl: true,
    });
  });

  it('activar pide servidor y remitente; puerto de 1 a 65535; remitente y URL válidos', () => {
    expect(settingsErrors(base)).toEqual({});
    expect(settingsErrors({ ...base, smtpHost: '', emailFromAddress: '' })).toEqual({
      smtpHost: 'El servidor SMTP es requerido para activar el envío de emails',
      emailFromAddress: 'El email del remitente es requerido para activar el envío de emails',
    });
    expect(settingsErrors({ ...base, emailEnabled: false, smtpHost: '', emailFromAddress: '' })).toEqual({});
    expect(settingsErrors({ ...base, smtpPort: '0' }).smtpPort).toBe(
      'El puerto SMTP debe ser un número entero entre 1 y 65535',
    );
    expect(settingsErrors({ ...base, smtpPort: '70000' }).smtpPort).toBeDefined();
    expect(settingsErrors({ ...base, smtpPort: '25.5' }).smtpPort).toBeDefined();
    expect(settingsErrors({ ...base, smtpHost: 'smtp://x' }).smtpHost).toBe('El servidor SMTP no es válido');
    expect(settingsErrors({ ...base, emailFromAddress: 'inscripciones@' }).emailFromAddress).toBe(
      'El email del remitente no es válido',
    );
    expect(settingsErrors({ ...base, baseUrl: 'reservas.example.com' }).baseUrl).toMatch(/^La URL base debe ser/);
    expect(settingsErrors({ ...base, baseUrl: 'https://reservas.example.com/' })).toEqual({});
  });

  it('la prueba necesita el envío activado (guardado) y un email válido', () => {
    expect(testEmailProblem(false, 'yo@example.com')).toBe(
      'Activa el envío de emails y guarda la configuración para enviar una prueba',
    );
    expect(testEmailProblem(true, ' ')).toBe('Indica el email al que enviar la prueba');
    expect(testEmailProblem(true, 'yo@')).toBe('Email no es válido');
    expect(testEmailProblem(true, ' yo@example.com ')).toBeNull();
  });
});
