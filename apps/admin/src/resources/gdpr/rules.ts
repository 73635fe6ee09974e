import { GDPR_MESSAGES, isValidEmail, type GdprDeleteResult, type GdprMatch } from '@evreg/contracts';

/** docs/product.md §5: the search needs an e-mail; a malformed one gets the same answer the server would give. */
export function gdprEmailError(email: string): string | null {
  const value = email.trim();
  if (!value || !isValidEmail(value)) return GDPR_MESSAGES.emailRequired;
  return null;
}

/** docs/product.md §9: the export is JSON named with the e-mail and the date: 'datos-rgpd-ana@example.com-2026-03-05.json'. */
export function exportFileName(email: string, today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const safe = email
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_');
  return `datos-rgpd-${safe}-${day}.json`;
}

/** What the erasure did, in one sentence for the success message. */
export function deletedSummary(result: GdprDeleteResult): string {
  const parts = [
    `${result.deletedRegistrations} registros (${result.deletedWaitingEntries} en lista de espera)`,
    `${result.deletedConsents} consentimientos`,
    `${result.deletedEmailMessages} emails`,
    `${result.deletedSmsMessages} SMS`,
    `${result.deletedCheckIns} entradas en la puerta`,
    `${result.deletedHistoryEntries} apuntes del historial`,
    `${result.deletedBlacklistEntries} entradas caducadas de la lista negra`,
  ];
  let text = `Eliminados: ${parts.join(', ')}.`;
  if (result.keptActiveBlacklistEntries > 0) {
    text += ` Se conservan ${result.keptActiveBlacklistEntries} entradas activas de la lista negra hasta que caduquen.`;
  }
  if (result.promotedFromWaitingList > 0)
    text += ` ${result.promotedFromWaitingList} personas han pasado de la lista de espera a inscritas.`;
  return text;
}

/** A match's state in Spanish; a waiting entry with its position: 'En lista de espera (posición 3)'. */
export function matchState(match: Pick<GdprMatch, 'status' | 'queuePosition'>): string {
  if (match.status === 'Active') return 'Activa';
  if (match.status === 'Cancelled') return 'Cancelada';
  return match.queuePosition ? `En lista de espera (posición ${match.queuePosition})` : 'En lista de espera';
}
