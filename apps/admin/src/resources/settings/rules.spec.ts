import { holdDurationError, waitingLimitError, reminderHoursError } from './rules';

describe('reglas de la configuración (especificación 5)', () => {
  it('duración de la reserva: entero de 1 a 60', () => {
    expect(holdDurationError('')).toBe('Debe ser un número válido');
    expect(holdDurationError('2.5')).toBe('Debe ser un número válido');
    expect(holdDurationError('tres')).toBe('Debe ser un número válido');
    expect(holdDurationError('0')).toBe('Debe ser al menos 1 minuto');
    expect(holdDurationError('-4')).toBe('Debe ser al menos 1 minuto');
    expect(holdDurationError('61')).toBe('No puede exceder 60 minutos');
    expect(holdDurationError(' 1 ')).toBeNull();
    expect(holdDurationError('60')).toBeNull();
  });

  it('límites de la lista de espera: enteros no negativos', () => {
    expect(waitingLimitError('0')).toBeNull();
    expect(waitingLimitError('15')).toBeNull();
    expect(waitingLimitError('-1')).toBe('El límite de la lista de espera debe ser un número entero no negativo');
    expect(waitingLimitError('1.5', 'otro mensaje')).toBe('otro mensaje');
  });

  it('horas del recordatorio: entero de 0 (desactivado) a 720', () => {
    const message =
      'Horas de antelación del recordatorio: debe ser un número entero entre 0 y 720 (0 desactiva los recordatorios)';
    expect(reminderHoursError('0')).toBeNull();
    expect(reminderHoursError(' 24 ')).toBeNull();
    expect(reminderHoursError('720')).toBeNull();
    expect(reminderHoursError('721')).toBe(message);
    expect(reminderHoursError('-1')).toBe(message);
    expect(reminderHoursError('1.5')).toBe(message);
    expect(reminderHoursError('')).toBe(message);
  });
});
