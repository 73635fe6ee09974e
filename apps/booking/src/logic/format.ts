import type { Session } from '@evreg/contracts';

/** 'YYYY-MM-DD' as a Spanish date, without time-zone shifts. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, (m || 1) - 1, d || 1).toLocaleDateString('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
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

/** The event's banner address. Absolute (http, https, protocol-relative) and data: URLs are used as they are;
 * a relative one (the content system stores paths like /uploads/x.jpg) is prefixed with `base` — the
 * VITE_IMAGE_BASE_URL the app was built with (the spec's "local development server"), or nothing, which
 * leaves it relative to the page's own server. Anything else (javascript:, ...) is dropped. */
export function imageSrc(url: string | null | undefined, base = ''): string | null {
  const u = (url ?? '').trim();
  if (!u) return null;
  if (/^(https?:)?\/\//i.test(u) || /^data:image\//i.test(u)) return u;
  if (/^[a-z][a-z0-9+.-]*:/i.test(u)) return null;
  if (!base) return u;
  return `${base.replace(/\/+$/, '')}/${u.replace(/^\/+/, '')}`;
}
