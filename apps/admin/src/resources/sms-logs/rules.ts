import type { SmsLogEntry } from '@evreg/contracts';

/** docs/product.md §9: 50 rows a page; 'Siguiente' is disabled when a page has fewer (common/PrevNextPagination). */
export const SMS_LOG_PAGE_SIZE = 50;

/** docs/product.md §4: Sent (Enviado), Failed (Fallido), anything else Pendiente. */
export function smsStatusLabel(status: SmsLogEntry['status'] | string): 'Enviado' | 'Fallido' | 'Pendiente' {
  if (status === 'Sent') return 'Enviado';
  if (status === 'Failed') return 'Fallido';
  return 'Pendiente';
}

export const SMS_STATUS_COLORS = { Enviado: 'success', Fallido: 'error', Pendiente: 'default' } as const;

const EUROS = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** docs/product.md §9: euros with 2 decimals, a dash when zero (or unknown). */
export function formatCost(cost: number | string | null | undefined): string {
  const value = typeof cost === 'string' ? Number(cost) : cost;
  if (value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) < 0.005) return '-';
  return EUROS.format(value);
}
