import type { OutboxBacklog, ServiceCheck } from '@evreg/contracts';

export type ChipColor = 'success' | 'warning' | 'error';

/** A backlog whose oldest message waits longer than this is amber, and red past the second bound: the sweeps run
 * every 30 s by default, so minutes of waiting mean sending is stuck (SMTP or Netelip away, sending turned off). */
export const BACKLOG_AMBER_SECONDS = 120;
export const BACKLOG_RED_SECONDS = 900;

/** A check's chip: green when it works (or runs inside the process), amber when not configured, red when down. */
export function checkChip(check: ServiceCheck): { color: ChipColor; label: string } {
  switch (check.state) {
    case 'ok':
      return { color: 'success', label: check.latencyMs === null ? 'Funciona' : `Funciona (${check.latencyMs} ms)` };
    case 'embedded':
      return { color: 'success', label: 'En el propio proceso' };
    case 'not-configured':
      return { color: 'warning', label: 'Sin configurar' };
    default:
      return { color: 'error', label: 'Sin conexión' };
  }
}

/** A channel's chip by the age of its oldest pending message. */
export function backlogChip(backlog: OutboxBacklog): { color: ChipColor; label: string } {
  if (backlog.pending === 0 || backlog.oldestPendingSeconds === null) return { color: 'success', label: 'Al día' };
  const age = backlog.oldestPendingSeconds;
  const label = `${backlog.pending} pendiente${backlog.pending === 1 ? '' : 's'}, el más antiguo hace ${duration(age)}`;
  if (age >= BACKLOG_RED_SECONDS) return { color: 'error', label };
  if (age >= BACKLOG_AMBER_SECONDS) return { color: 'warning', label };
  return { color: 'success', label };
}

/** Seconds in the largest unit that fits: '45 s', '12 min', '3 h', '2 días'. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `${days} día${days === 1 ? '' : 's'}`;
}
