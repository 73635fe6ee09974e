import { REGISTRATION_STATUS, type AdminRegistration, type Session } from '@evreg/contracts';

/** The 'Asistió' filter of a session's people. */
export type AttendanceFilter = 'all' | 'yes' | 'no';

export const ATTENDANCE_FILTERS: { id: AttendanceFilter; name: string }[] = [
  { id: 'all', name: 'Todos' },
  { id: 'yes', name: 'Asistieron' },
  { id: 'no', name: 'No asistieron' },
];

/** The people the filter keeps: attended = checked in at the door; 'no' keeps only active registrations. */
export function byAttendance(people: readonly AdminRegistration[], filter: AttendanceFilter): AdminRegistration[] {
  if (filter === 'yes') return people.filter((p) => p.checkedIn);
  if (filter === 'no') return people.filter((p) => !p.checkedIn && p.status === REGISTRATION_STATUS.Active);
  return [...people];
}

/** A session has ended once its last day's end time has passed (the browser's clock; the API decides again). */
export function sessionEnded(session: Pick<Session, 'endDate' | 'endTime' | 'startDate'>, now: Date): boolean {
  const endDay = (session.endDate || session.startDate).slice(0, 10);
  const endTime = (session.endTime || '23:59').slice(0, 5);
  const end = new Date(`${endDay}T${endTime}:00`);
  return !Number.isNaN(end.getTime()) && end.getTime() <= now.getTime();
}

/** The confirmation of the no-shows' blacklisting: who, the reason and the blacklist dialog's defaults. */
export function noShowsQuestion(count: number): string {
  const who = count === 1 ? '1 persona' : `${count} personas`;
  return `¿Añadir ${who} a la lista negra con el motivo «No se presentó»? La entrada caduca en 30 días y se les avisa por email. Quien ya está en la lista negra se omite.`;
}
