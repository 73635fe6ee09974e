import type {
  BlacklistNoShowsAnswer,
  BlacklistNoShowsRequest,
  BulkNotifyAudience,
  BulkResult,
  BulkUpdateWaitingLimitsResponse,
  NotificationResult,
} from '@evreg/contracts';
import { call, json } from './api-call';

/** The API's commands that change records without being a record's create, update or delete (those are the
 * resources of mappings.ts): an e-mail sent again, the waiting-list limit of every session at once. Screens run
 * them with `useCommand`, which names the resources they change and reads those again. */
export const commands = {
  /** POST /events/registrations/{id}/resend-email: the confirmation again (a new row in the e-mail log). */
  resendRegistrationEmail(id: number) {
    return call<{ message: string }>(
      `/events/registrations/${id}/resend-email`,
      { method: 'POST' },
      'Error al reenviar el email',
    );
  },

  /** POST /email-logs/{id}/resend: a failed e-mail queued again (its row goes back to pending). */
  resendEmail(id: number) {
    return call<{ message: string }>(`/email-logs/${id}/resend`, { method: 'POST' }, 'Error al reenviar el email');
  },

  /** POST /settings/bulk-update-queue-limits: the waiting-list limit of every session not yet ended. */
  bulkUpdateWaitingLimits(newQueueLimit: number) {
    return call<BulkUpdateWaitingLimitsResponse>(
      '/settings/bulk-update-queue-limits',
      { method: 'POST', ...json({ newQueueLimit }) },
      'Error al actualizar las sesiones',
    );
  },

  /** POST /sessions/{id}/no-shows/blacklist: the chosen no-shows (or all) to the blacklist with reason 0 (No Show),
   * the dialog's defaults (30 days, e-mail); those already on it are skipped. */
  blacklistNoShows(sessionId: number, request: BlacklistNoShowsRequest) {
    return call<BlacklistNoShowsAnswer>(
      `/sessions/${sessionId}/no-shows/blacklist`,
      { method: 'POST', ...json(request) },
      'Error al añadir a la lista negra',
    );
  },

  /** POST /bulk/registrations/{action}: a bulk action on a selection (cancel, resend-email, move, blacklist), answered
   * with the per-person report; `key` (Idempotency-Key) makes a double click or a retry get the first report. */
  bulkRegistrations(action: 'cancel' | 'resend-email' | 'move' | 'blacklist', body: object, key: string) {
    return call<BulkResult>(
      `/bulk/registrations/${action}`,
      { method: 'POST', headers: new Headers({ 'Idempotency-Key': key }), ...json(body) },
      'Error al aplicar la acción a la selección',
    );
  },

  /** POST /bulk/registrations/notify/audience: who a notification to the selection would reach, sending nothing. */
  notifyAudience(registrationIds: number[]) {
    return call<BulkNotifyAudience>(
      '/bulk/registrations/notify/audience',
      { method: 'POST', ...json({ registrationIds }) },
      'Error al preparar la notificación',
    );
  },

  /** POST /bulk/registrations/notify: an e-mail or SMS to the selection's active people. */
  notifySelection(body: object, key: string) {
    return call<NotificationResult>(
      '/bulk/registrations/notify',
      { method: 'POST', headers: new Headers({ 'Idempotency-Key': key }), ...json(body) },
      'Error al enviar la notificación',
    );
  },
};
