import type { Session } from '@evreg/contracts';

/** 'YYYY-MM-DD' as a Spanish date, without time-zone shifts. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, (m || 1) - 1, d || 1).toLocaleDateString('es-ES', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** 'HH:MM:SS' as 24-hour 'HH:MM'. */
export const formatTime = (t: string) => t.slice(0, 5);

export const queueRoom = (s: Session) => Math.max(0, s.maxQueueSpots - s.currentQueueCount);
export const hasWaitingList = (s: Session) => s.availableSpots <= 0 && queueRoom(s) > 0;
export const isFull = (s: Session) => s.availableSpots <= 0 && queueRoom(s) <= 0;
export const isDisabled = (s: Session) => !s.isRegistrationOpen || isFull(s);

export function sessionLabel(s: Session): string {
  let label = formatDate(s.startDate);
  if (!s.isAllDay) label += ` - ${formatTime(s.startTime)}`;
  if (!s.isRegistrationOpen) label += ' (Inscripciones Cerradas)';
  else if (isFull(s)) label += ' (Completo)';
  else if (hasWaitingList(s)) label += ' (Lista de Espera)';
  return label;
}
