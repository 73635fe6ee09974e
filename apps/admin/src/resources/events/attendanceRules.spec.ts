import type { AdminRegistration } from '@evreg/contracts';
import { byAttendance, noShowsQuestion, sessionEnded } from './attendanceRules';

const person = (id: number, status: 0 | 1, checkedIn: boolean) =>
  ({ id, status, checkedIn, checkedInAt: checkedIn ? '2026-11-27T09:00:00Z' : null }) as AdminRegistration;

describe('asistencia en las personas de una sesión', () => {
  const people = [person(1, 0, true), person(2, 0, false), person(3, 1, false)];

  it('el filtro Asistió: todos, los que entraron, los activos que no', () => {
    expect(byAttendance(people, 'all').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(byAttendance(people, 'yes').map((p) => p.id)).toEqual([1]);
    expect(byAttendance(people, 'no').map((p) => p.id)).toEqual([2]);
  });

  it('la sesión ha terminado cuando pasa la hora de fin de su último día', () => {
    const session = { startDate: '2026-11-27', endDate: '2026-11-27', endTime: '11:30:00' };
    expect(sessionEnded(session, new Date(2026, 10, 27, 11, 29))).toBe(false);
    expect(sessionEnded(session, new Date(2026, 10, 27, 11, 30))).toBe(true);
    expect(sessionEnded({ ...session, endDate: '' }, new Date(2026, 10, 28, 0, 0))).toBe(true);
  });

  it('la confirmación dice cuántos, el motivo y los valores por defecto', () => {
    expect(noShowsQuestion(1)).toMatch(/^¿Añadir 1 persona a la lista negra con el motivo «No se presentó»\?/);
    expect(noShowsQuestion(4)).toContain('4 personas');
    expect(noShowsQuestion(4)).toContain('caduca en 30 días y se les avisa por email');
  });
});
