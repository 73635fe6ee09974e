import { BULK_MAX_SELECTION, type BulkResult } from '@evreg/contracts';

/** The bulk actions of Registros and a session's people (docs/product.md, "Bulk actions"). Pure: bulkRules.spec.ts. */
export type BulkKind = 'cancel' | 'resend' | 'move' | 'blacklist' | 'notify';

/** '1 inscripción', '12 inscripciones'. */
export function inscriptions(count: number): string {
  return count === 1 ? '1 inscripción' : `${count} inscripciones`;
}

/** The confirmation's question, with the count: '¿Cancelar 12 inscripciones?'. */
export function bulkQuestion(kind: 'cancel' | 'resend', count: number): string {
  return kind === 'cancel'
    ? `¿Cancelar ${inscriptions(count)}? Se liberan sus plazas, se avisa por email y pasa gente de la lista de espera.`
    : `¿Reenviar el email de confirmación a ${inscriptions(count)}? Solo se envía a las activas.`;
}

/** Why the selection can't be acted on as it is, or null: none, or more than the API takes at once. */
export function selectionProblem(count: number): string | null {
  if (count === 0) return 'Selecciona al menos una inscripción';
  if (count > BULK_MAX_SELECTION) return `Selecciona como máximo ${BULK_MAX_SELECTION} inscripciones`;
  return null;
}

/** The one event of the selection (moving needs one), or null when it spans several. */
export function singleEvent(rows: { eventId: number }[]): number | null {
  const events = new Set(rows.map((row) => row.eventId));
  return events.size === 1 ? [...events][0] : null;
}

/** The report's headline: 'Hecho: 10 · No aplicado: 2 · Promovidas de la lista de espera: 3'. */
export function bulkSummary(result: BulkResult): string {
  const parts = [`Hecho: ${result.done}`, `No aplicado: ${result.skipped}`];
  if (result.promoted.length) parts.push(`Promovidas de la lista de espera: ${result.promoted.length}`);
  return parts.join(' · ');
}

/** One key per confirmed action (Idempotency-Key): a double click or a retry gets the first report back. */
export function newActionKey(): string {
  return `bulk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
