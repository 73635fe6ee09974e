const DATE_TIME = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** es-ES, 24 h: '05/03/2026, 14:07'. 'Fecha inválida' for a value that is not a date (docs/product.md §8). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'Fecha inválida' : DATE_TIME.format(date);
}

/** IDs of users and roles are shown cut to 8 characters (docs/product.md §9). */
export function shortId(id: string | number): string {
  return String(id).slice(0, 8);
}
