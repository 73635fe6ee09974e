import type { Session } from '@evreg/contracts';
import { notificationErrors, notificationPayload, shownErrors, smsEstimate, smsTargets } from './notificationRules';

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

  const event = (sessions: Array<Partial<Session>>) => ({
    title: 'Concierto de verano',
    sessions: sessions.map((s) => ({
      startDate: '2026-07-04',
      startTime: '21:30:00',
      isAllDay: false,
      registeredCount: 1,
      ...s,
    })) as Session[],
  });
  // '\nConcierto de verano: 04/07/2026 21:30' is what the server adds: 38 characters.
  const details = '\nConcierto de verano: 04/07/2026 21:30';

  it('SMS: cuenta el texto que enviará el servidor (mensaje y datos del evento) y su coste de 0,10 € por parte', () => {
    const three = smsTargets(event([{ registeredCount: 3 }]));
    const plain = 'a'.repeat(80);
    expect(smsEstimate(plain, three)).toEqual({
      messageLength: 80,
      size: { encoding: 'GSM-7', units: 80 + details.length, parts: 1, unitsLeft: 160 - 80 - details.length },
      totalLength: 80 + details.length,
      parts: 1,
      nearLimit: false,
      tooLong: false,
      cost: 0.3,
    });
    expect(smsEstimate('a'.repeat(81), three)).toMatchObject({ tooLong: true });
    expect(smsEstimate('Hola', smsTargets(event([{ registeredCount: 0 }]))).cost).toBe(0);
    expect(smsEstimate('Hola', smsTargets(event([{ registeredCount: 7 }]))).cost).toBe(0.7);
    // Without sessions the counter still shows a text of the same shape.
    expect(smsEstimate('Hola', smsTargets(event([]))).size.units).toBe(4 + details.length);
  });

  it('SMS con tildes (UCS-2): 70 por SMS y 67 por parte, no la mitad del coste', () => {
    const four = smsTargets(event([{ registeredCount: 4 }]));
    // 'Información' has ó, outside GSM-7: 12 + 38 = 50 units, one SMS of 70, 20 left.
    expect(smsEstimate('Información.', four)).toMatchObject({
      size: { encoding: 'UCS-2', units: 50, parts: 1, unitsLeft: 20 },
      parts: 1,
      cost: 0.4,
    });
    // 40 + 38 = 78 units: over 70, two parts of 67 (in GSM-7 it would be one SMS).
    const forty = `Sesión ${'x'.repeat(33)}`;
    expect(smsEstimate(forty, four)).toMatchObject({
      size: { encoding: 'UCS-2', units: 78, parts: 2, unitsLeft: 56 },
      cost: 0.8,
    });
    // 80 + 38 = 118 units: two parts; 'ñ' and 'é' alone stay GSM-7.
    expect(smsEstimate(`á${'x'.repeat(79)}`, four)).toMatchObject({ parts: 2, cost: 0.8 });
    expect(smsEstimate('Señor, qué tal', four).size.encoding).toBe('GSM-7');
  });

  it('SMS: aviso a menos de 7 de partirse, según la codificación', () => {
    const one = smsTargets(event([{}]));
    expect(smsEstimate('a'.repeat(80), one).nearLimit).toBe(false);
    // UCS-2: 28 + 38 = 66 units, 4 left of 70; 25 + 38 = 63, 7 left.
    expect(smsEstimate(`á${'a'.repeat(27)}`, one)).toMatchObject({ nearLimit: true, parts: 1 });
    expect(smsEstimate(`á${'a'.repeat(24)}`, one)).toMatchObject({ nearLimit: false, parts: 1 });
  });

  it('SMS a un evento: cada sesión con sus datos; el coste suma las de todas', () => {
    const targets = smsTargets(event([{ registeredCount: 2 }, { registeredCount: 3, isAllDay: true }]));
    expect(targets.map((t) => t.details)).toEqual([
      { eventTitle: 'Concierto de verano', startDate: '2026-07-04', startTime: '21:30:00', isAllDay: false },
      { eventTitle: 'Concierto de verano', startDate: '2026-07-04', startTime: '21:30:00', isAllDay: true },
    ]);
    // 28 + 38 = 66 (one SMS) with the time; 28 + 32 = 60 all day: 5 × 0,10.
    expect(smsEstimate(`á${'a'.repeat(27)}`, targets)).toMatchObject({ cost: 0.5, size: { units: 66 } });
    // 33 + 38 = 71 (two parts) with the time, 33 + 32 = 65 (one) all day: 2 × 0,20 + 3 × 0,10.
    expect(smsEstimate(`á${'a'.repeat(32)}`, targets)).toMatchObject({ cost: 0.7, parts: 2 });
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
