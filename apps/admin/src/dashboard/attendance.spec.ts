import { attendanceSummary } from './attendance';

describe('tarjeta de asistencia del panel', () => {
  it('el porcentaje de presentes de las sesiones terminadas, y de qué sale', () => {
    const { rate, detail } = attendanceSummary({ sessions: 3, registered: 40, present: 31, rate: 31 / 40 });
    expect(rate.replace(/\s/g, ' ')).toBe('78 %');
    expect(detail).toBe('31 de 40 en 3 sesiones');
    expect(attendanceSummary({ sessions: 1, registered: 2, present: 2, rate: 1 }).detail).toBe('2 de 2 en 1 sesión');
  });

  it('sin sesiones terminadas con inscritos no hay porcentaje', () => {
    expect(attendanceSummary({ sessions: 0, registered: 0, present: 0, rate: null })).toEqual({
      rate: '—',
      detail: 'Sin sesiones terminadas con inscritos',
    });
    expect(attendanceSummary(undefined).rate).toBe('—');
  });
});
