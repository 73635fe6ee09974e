import { notificationErrors, notificationPayload, shownErrors, smsEstimate } from './notificationRules';

const sms = (message: string) => ({ type: 0 as const, message, subject: '', emailTemplateId: '' as const });
const email = (changes: object) => ({
  type: 1 as const,
  message: '',
  subject: '',
  emailTemplateId: '' as const,
  ...changes,
});

describe('notificaciones (especificación 5 y 9)', () => {
  it('SMS: no vacío y como máximo 80 caracteres (el sistema añade unos 80 con los datos del evento)', () => {
    expect(notificationErrors(sms('   '))).toEqual({ message: 'El mensaje es requerido para enviar un SMS' });
    expect(notificationErrors(sms('a'.repeat(80)))).toEqual({});
    expect(notificationErrors(sms('a'.repeat(81)))).toEqual({
      message:
        'El mensaje SMS no puede superar 80 caracteres: se reservan 80 para los datos del evento (máximo 160 en total)',
    });
    // An emoji is one character for the person typing it.
    expect(notificationErrors(sms('🎉'.repeat(80)))).toEqual({});
  });

  it('SMS: aviso por encima de 153 en total; coste estimado de 0,10 € por SMS y destinatario', () => {
    expect(smsEstimate('a'.repeat(73), 3)).toEqual({
      messageLength: 73,
      totalLength: 153,
      parts: 1,
      nearLimit: false,
      tooLong: false,
      cost: 0.3,
    });
    expect(smsEstimate('a'.repeat(74), 3)).toMatchObject({ totalLength: 154, nearLimit: true, parts: 1 });
    expect(smsEstimate('a'.repeat(81), 1)).toMatchObject({ totalLength: 161, tooLong: true, parts: 2, cost: 0.2 });
    expect(smsEstimate('Hola', 0).cost).toBe(0);
    expect(smsEstimate('Hola', 7).cost).toBe(0.7);
  });

  it('email: una plantilla o un mensaje', () => {
    const both = 'Seleccione una plantilla o escriba un mensaje para enviar el email';
    expect(notificationErrors(email({}))).toEqual({ emailTemplateId: both, message: both });
    expect(notificationErrors(email({ emailTemplateId: 3 }))).toEqual({});
    expect(notificationErrors(email({ message: 'Cambio de sala' }))).toEqual({});
  });

  it('cuerpo de la llamada según el tipo', () => {
    expect(notificationPayload(sms(' Hola '))).toEqual({ type: 0, message: 'Hola' });
    expect(notificationPayload(email({ emailTemplateId: 3, message: 'ignorado' }))).toEqual({
      type: 1,
      emailTemplateId: 3,
    });
    expect(notificationPayload(email({ message: ' Texto ', subject: ' ' }))).toEqual({ type: 1, message: 'Texto' });
    expect(notificationPayload(email({ message: 'Texto', subject: 'Aviso' }))).toEqual({
      type: 1,
      message: 'Texto',
      subject: 'Aviso',
    });
  });

  it('resultado: como mucho cinco errores y cuántos más', () => {
    const errors = Array.from({ length: 8 }, (_, i) => `error ${i + 1}`);
    expect(shownErrors(errors)).toEqual({ shown: errors.slice(0, 5), more: 3 });
    expect(shownErrors(errors.slice(0, 5))).toEqual({ shown: errors.slice(0, 5), more: 0 });
  });
});
