import type { Session } from '@evreg/contracts';

const EUROS = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** docs/product.md §2: a price of 0 is shown as 'Gratis'; otherwise euros, es-ES. */
export function formatPrice(price: number): string {
  return price === 0 ? 'Gratis' : EUROS.format(price);
}

/** docs/product.md §9: a cost with 2 decimals in euros, a dash when zero. */
export function formatCost(cost: number): string {
  return cost === 0 ? '-' : EUROS.format(cost);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The description's text (it is stored as sanitised HTML): tags dropped, a block's end or a line break a space. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|h[1-6]|ul|ol)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}

export const DESCRIPTION_PREVIEW_LENGTH = 100;

/** docs/product.md §2 and §9: the description preview is cut at 100 characters. */
export function descriptionPreview(html: string): string {
  const chars = [...htmlToText(html)];
  return chars.length <= DESCRIPTION_PREVIEW_LENGTH
    ? chars.join('')
    : `${chars.slice(0, DESCRIPTION_PREVIEW_LENGTH).join('').trimEnd()}…`;
}

/** 'YYYY-MM-DD' (the event's own calendar day) as es-ES 'dd/mm/aaaa', with no time-zone conversion. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : 'Fecha inválida';
}

/** When a session happens, in the event's local time: '09/05/2026, 10:00 - 11:30', '09/05/2026, todo el día',
 * '09/05/2026, 22:00 - 10/05/2026, 02:00'. */
export function sessionWhen(
  session: Pick<Session, 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'isAllDay'>,
): string {
  const start = formatDay(session.startDate);
  const end = formatDay(session.endDate);
  if (session.isAllDay)
    return session.startDate === session.endDate ? `${start}, todo el día` : `${start} - ${end}, todo el día`;
  const from = session.startTime.slice(0, 5);
  const to = session.endTime.slice(0, 5);
  return session.startDate === session.endDate ? `${start}, ${from} - ${to}` : `${start}, ${from} - ${end}, ${to}`;
}

/** The delete confirmation of an event, its sessions counted in good Spanish: 'y su sesión', 'y sus 2 sesiones'. */
export function deleteEventQuestion(title: string, sessions: number): string {
  const what = sessions === 0 ? '' : sessions === 1 ? ' y su sesión' : ` y sus ${sessions} sesiones`;
  return `¿Eliminar el evento «${title}»${what}? Esta acción no se puede deshacer.`;
}
