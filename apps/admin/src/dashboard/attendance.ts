import type { RecentAttendance } from '@evreg/contracts';

const PERCENT = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });

/** The dashboard's attendance card: the rate of the sessions ended lately, and what it is made of. */
export function attendanceSummary(recent: RecentAttendance | undefined): { rate: string; detail: string } {
  if (!recent || recent.rate === null || recent.sessions === 0)
    return { rate: '—', detail: 'Sin sesiones terminadas con inscritos' };
  const sessions = recent.sessions === 1 ? '1 sesión' : `${recent.sessions} sesiones`;
  return { rate: PERCENT.format(recent.rate), detail: `${recent.present} de ${recent.registered} en ${sessions}` };
}
