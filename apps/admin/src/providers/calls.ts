import type {
  NotificationResult,
  SendNotificationRequest,
  GdprDeleteResult,
  GdprExport,
  GdprSummary,
  ManualRegistrationConfirmation,
  ManualRegistrationRequest,
  ManualRegistrationResponse,
  QueueEntry,
  BulkUpdateQueueLimitsResponse,
  ChangePasswordRequest,
  ResetPasswordResponse,
  User,
  EmailPreview,
  EmailPreviewRequest,
  EmailTemplateTypeOption,
} from '@evreg/contracts';
import { apiDownload } from './download';

import { call, json, translateError } from './api-call';

/** The API's commands: what is not a record's read, create, update or delete (those are the resources of
 * mappings.ts, through react-admin's hooks). Screens run the ones that change records with `useCommand`, which
 * reads the changed resources again. */
export const calls = {
  /** POST /api/user/reset-password: without newPassword the server generates a temporary one. */
  resetPassword(userId: string, newPassword?: string) {
    return call<ResetPasswordResponse>(
      '/user/reset-password',
      { method: 'POST', ...json(newPassword ? { userId, newPassword } : { userId }) },
      'Error al restablecer la contraseña',
    );
  },

  /** POST /api/user/{id}/unlock: lifts the staff's block and the lockout after failed sign-ins. */
  unlockUser(userId: string) {
    return call<User>(
      `/user/${encodeURIComponent(userId)}/unlock`,
      { method: 'POST' },
      'Error al desbloquear el usuario',
    );
  },

  /** PUT /api/user/change-password with the signed-in user's token. */
  changePassword(body: ChangePasswordRequest) {
    return call<{ message: string }>(
      '/user/change-password',
      { method: 'PUT', ...json(body) },
      'Error al cambiar contraseña',
    );
  },

  bulkUpdateQueueLimits(newQueueLimit: number) {
    return call<BulkUpdateQueueLimitsResponse>(
      '/settings/bulk-update-queue-limits',
      { method: 'POST', ...json({ newQueueLimit }) },
      'Error al actualizar las sesiones',
    );
  },

  // Issue 7, events: categories, sessions, their capacity and flags, notifications (docs/product.md §7).

  /** POST /notifications/events/{id} or /notifications/sessions/{id}. */
  sendNotification(target: { eventId: number } | { sessionId: number }, body: SendNotificationRequest) {
    const path =
      'eventId' in target ? `/notifications/events/${target.eventId}` : `/notifications/sessions/${target.sessionId}`;
    return call<NotificationResult>(path, { method: 'POST', ...json(body) }, 'Error al enviar notificaciones');
  },

  // Issue 7, people: registrations, manual registration, waiting lists, GDPR (docs/product.md §7).

  resendRegistrationEmail(id: number) {
    return call<{ message: string }>(
      `/events/registrations/${id}/resend-email`,
      { method: 'POST' },
      'Error al reenviar el email',
    );
  },

  cancelRegistration(id: number) {
    return call<{ message: string }>(
      `/registrations/${id}/cancel`,
      { method: 'POST' },
      'Error al cancelar el registro',
    );
  },

  /** POST .../admin-registrations; with forceQueue the person goes to the waiting list when reserved spots are full. */
  manualRegistration(body: ManualRegistrationRequest, forceQueue: boolean) {
    const query = forceQueue ? '?forceQueue=true' : '';
    return call<ManualRegistrationResponse | ManualRegistrationConfirmation>(
      `/events/sessions/${body.eventSessionId}/admin-registrations${query}`,
      { method: 'POST', ...json(body) },
      'Error al crear el registro',
    );
  },

  reorderQueue(eventSessionId: number, queueIds: number[]) {
    return call<QueueEntry[]>(
      '/events/queue/reorder',
      { method: 'PUT', ...json({ eventSessionId, queueIds }) },
      'Error al reordenar la lista de espera',
    );
  },

  promoteQueueEntry(id: number) {
    return call<{ message: string; registrationId: number }>(
      `/events/queue/${id}/promote`,
      { method: 'POST' },
      'Error al promover de la lista de espera',
    );
  },

  /** GET .../export: the Excel file and the name the server gives it. */
  async exportQueue(sessionId: number) {
    try {
      return await apiDownload(`/events/queue/session/${sessionId}/export`);
    } catch (error) {
      return translateError(error, 'Error al exportar Excel');
    }
  },

  gdprSearch(email: string) {
    return call<GdprSummary>(`/admin/gdpr/search?email=${encodeURIComponent(email)}`, {}, 'Error al buscar los datos');
  },

  gdprExport(email: string) {
    return call<GdprExport>(
      `/admin/gdpr/export/${encodeURIComponent(email)}`,
      {},
      'Error al exportar datos de usuario',
    );
  },

  gdprDelete(email: string) {
    return call<GdprDeleteResult>(
      `/admin/gdpr/delete/${encodeURIComponent(email)}`,
      { method: 'DELETE' },
      'Error al eliminar los datos',
    );
  },

  // Issue 6: e-mail settings, templates and log; SMS settings and log (docs/product.md §7).

  /** POST /api/email/test?testEmail=: sent at once with the saved settings; answers the server's message. */
  sendTestEmail(address: string) {
    return call<{ message: string }>(
      `/email/test?testEmail=${encodeURIComponent(address)}`,
      { method: 'POST' },
      'Error al probar configuración de email',
    );
  },

  emailTemplateTypes() {
    return call<EmailTemplateTypeOption[]>('/email-templates/template-types', {}, 'Error al cargar las plantillas');
  },

  /** A saved template filled with sample data. */
  previewEmailTemplate(id: number | string) {
    return call<EmailPreview>(
      `/email-templates/${encodeURIComponent(id)}/preview`,
      {},
      'Error al cargar la vista previa',
    );
  },

  /** Unsaved content filled with sample data (the form's preview). */
  previewEmailContent(body: EmailPreviewRequest) {
    return call<EmailPreview>(
      '/email-templates/preview',
      { method: 'POST', ...json(body) },
      'Error al cargar la vista previa',
    );
  },

  resendEmail(id: number) {
    return call<{ message: string }>(`/email-logs/${id}/resend`, { method: 'POST' }, 'Error al reenviar el email');
  },

  deleteAllEmailLogs() {
    return call<{ message: string; deleted: number }>(
      '/email-logs/all',
      { method: 'DELETE' },
      'Error al eliminar los registros de email',
    );
  },

  deleteAllSmsLogs() {
    return call<{ deletedCount: number }>(
      '/smssettings/smslogs/all',
      { method: 'DELETE' },
      'Error al eliminar los SMS',
    );
  },
};
