import { canResend, emailStatusLabel, emailTypeLabel, eventText } from './rules';

describe('registro de emails (especificación 4 y 9)', () => {
  it('estados en español', () => {
    expect([0, 1, 2].map(emailStatusLabel)).toEqual(['Pendiente', 'Enviado', 'Fallido']);
  });

  it('tipos en español; uno desconocido se muestra tal cual', () => {
    expect(emailTypeLabel('Registration')).toBe('Inscripción');
    expect(emailTypeLabel('Promotion')).toBe('Promoción');
    expect(emailTypeLabel('Test')).toBe('Prueba');
    expect(emailTypeLabel('Otro')).toBe('Otro');
  });

  it('reenviar solo los fallidos de inscripción o promoción', () => {
    expect(canResend({ status: 2, emailType: 'Registration' })).toBe(true);
    expect(canResend({ status: 2, emailType: 'Promotion' })).toBe(true);
    expect(canResend({ status: 1, emailType: 'Registration' })).toBe(false);
    expect(canResend({ status: 0, emailType: 'Promotion' })).toBe(false);
    expect(canResend({ status: 2, emailType: 'Cancellation' })).toBe(false);
    expect(canResend({ status: 2, emailType: 'Test' })).toBe(false);
  });

  it('evento con su ciudad', () => {
    expect(eventText({ title: 'Concierto', city: 'Madrid', country: 'España' })).toBe('Concierto (Madrid)');
    expect(eventText({ title: 'Concierto', city: '', country: '' })).toBe('Concierto');
    expect(eventText(null)).toBe('');
  });
});
