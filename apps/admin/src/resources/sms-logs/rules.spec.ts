import { formatCost, smsStatusLabel } from './rules';

// Intl puts a no-break space before the euro sign.
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('registro de SMS (especificación 4 y 9)', () => {
  it('estados: Enviado, Fallido, y cualquier otro Pendiente', () => {
    expect(smsStatusLabel('Sent')).toBe('Enviado');
    expect(smsStatusLabel('Failed')).toBe('Fallido');
    expect(smsStatusLabel('Pending')).toBe('Pendiente');
    expect(smsStatusLabel('Otro')).toBe('Pendiente');
  });

  it('coste en euros con 2 decimales, un guion si es cero', () => {
    expect(nbsp(formatCost(0.1))).toBe('0,10 €');
    expect(nbsp(formatCost(1.2))).toBe('1,20 €');
    expect(nbsp(formatCost('12.3'))).toBe('12,30 €');
    expect(nbsp(formatCost(1234.5))).toBe('1234,50 €');
    expect(formatCost(0)).toBe('-');
    expect(formatCost(null)).toBe('-');
  });
});
