import type {
  AdminEvent,
  AdminRegistration,
  EventCategory,
  NotificationResult,
  SendNotificationRequest,
  SessionPayload,
  GdprDeleteResult,
  GdprExport,
  GdprSummary,
  ManualRegistrationConfirmation,
  ManualRegistrationRequest,
  ManualRegistrationResponse,
  QueueEntry,
  Session,
  BulkUpdateQueueLimitsResponse,
  ChangePasswordRequest,
  DashboardStats,
  QueueSettings,
  ResetPasswordResponse,
  Setting,
  EmailPreview,
  EmailPreviewRequest,
  EmailSettings,
  EmailTemplateTypeOption,
  SmsSettings,
  SmsTotalCost,
  UpdateEmailSettingsRequest,
  UpdateSmsSettingsRequest,
} from '@evreg/contracts';
import { apiDownload } from './download';

import { call, json, translateError } from './api-call';
import { trim } from './mappings';

/** The calls of the screens that are not lists of records (spec 7). */
export const calls = {
  /** POST /api/user/reset-password: without newPassword the server generates a temporary one. */
  resetPassword(userId: string, newPassword?: string) {
    return call<ResetPasswordResponse>(
      '/user/reset-password',
      { method: 'POST', ...json(newPassword ? { userId, newPassword } : { userId }) },
      'Error al restablecer la contraseña',
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

  dashboardStats() {
    return call<DashboardStats>(
      '/admin/dashboard/stats',
      {},
      'Error al cargar los datos del panel. Intenta recargar la página.',
    );
  },

  getSetting(key: string) {
    return call<Setting>(`/settings/${encodeURIComponent(key)}`, {}, 'Error al cargar la configuración');
  },

  updateSetting(key: string, value: string) {
    return call<Setting>(
      `/settings/${encodeURIComponent(key)}`,
      { method: 'PUT', ...json({ data: { key, value } }) },
      'Error al actualizar la configuración',
    );
  },

  getQueueSettings() {
    return call<QueueSettings>('/settings/queue-settings', {}, 'Error al cargar la configuración');
  },

  updateQueueSettings(settings: QueueSettings) {
    return call<QueueSettings>(
      '/settings/queue-settings',
      { method: 'PUT', ...json(settings) },
      'Error al actualizar la configuración',
    );
  },

  bulkUpdateQueueLimits(newQueueLimit: number) {
    return call<BulkUpdateQueueLimitsResponse>(
      '/settings/bulk-update-queue-limits',
      { method: 'POST', ...json({ newQueueLimit }) },
      'Error al actualizar las sesiones',
    );
  },

  // Issue 7, events: categories, sessions, their capacity and flags, notifications (spec 7).

  eventCategories() {
    return call<EventCategory[]>('/events/categories', {}, 'Error al cargar las categorías');
  },

  createSession(eventId: number, body: SessionPayload) {
    return call<Session>(`/events/${eventId}/sessions`, { method: 'POST', ...json(body) }, 'Error al crear la sesión');
  },

  /** PUT .../sessions/{id}: dates, times and flags; the capacity has its own calls. */
  updateSession(eventId: number, sessionId: number, body: Omit<SessionPayload, 'maxAttendees'>) {
    return call<Session>(
      `/events/${eventId}/sessions/${sessionId}`,
      { method: 'PUT', ...json(body) },
      'Error al actualizar la sesión',
    );
  },

  deleteSession(eventId: number, sessionId: number) {
    return call<void>(`/events/${eventId}/sessions/${sessionId}`, { method: 'DELETE' }, 'Error al eliminar la sesión');
  },

  toggleSessionRegistration(eventId: number, sessionId: number, isOpen: boolean) {
    return call<Session>(
      `/events/${eventId}/sessions/${sessionId}/toggle-registration`,
      { method: 'PUT', ...json({ isOpen }) },
      'Error al actualizar las sesiones',
    );
  },

  toggleSessionPromotionLock(eventId: number, sessionId: number, isLocked: boolean) {
    return call<Session>(
      `/events/${eventId}/sessions/${sessionId}/toggle-promotion-lock`,
      { method: 'PUT', ...json({ isLocked }) },
      'Error al actualizar las sesiones',
    );
  },

  /** One capacity figure per call (spec 5): PUT .../max-attendees, .../reserved-spots or .../max-queue-spots. */
  updateSessionCapacity(
    eventId: number,
    sessionId: number,
    field: 'maxAttendees' | 'reservedSpots' | 'maxQueueSpots',
    value: number,
  ) {
    const path = { maxAttendees: 'max-attendees', reservedSpots: 'reserved-spots', maxQueueSpots: 'max-queue-spots' }[
      field
    ];
    return call<Session>(
      `/events/${eventId}/sessions/${sessionId}/${path}`,
      { method: 'PUT', ...json({ [field]: value }) },
      'Error al actualizar las sesiones',
    );
  },

  redistributeReservedSpots(eventId: number, sessionId: number, spotsToRedistribute: number) {
    return call<Session>(
      `/events/${eventId}/sessions/${sessionId}/redistribute-reserved-spots`,
      { method: 'POST', ...json({ spotsToRedistribute }) },
      'Error al actualizar las sesiones',
    );
  },

  /** POST /notifications/events/{id} or /notifications/sessions/{id}. */
  sendNotification(target: { eventId: number } | { sessionId: number }, body: SendNotificationRequest) {
    const path =
      'eventId' in target ? `/notifications/events/${target.eventId}` : `/notifications/sessions/${target.sessionId}`;
    return call<NotificationResult>(path, { method: 'POST', ...json(body) }, 'Error al enviar notificaciones');
  },

  // Issue 7, people: registrations, manual registration, waiting lists, GDPR (spec 7).

  /** GET /api/events: every event with its sessions and their live counts (pickers of the people screens). */
  eventsWithSessions() {
    return call<AdminEvent[]>('/events', {}, 'Error al cargar los eventos');
  },

  /** GET /api/events/{id}/sessions: one event's sessions, counted now. */
  sessionsOfEvent(eventId: number) {
    return call<Session[]>(`/events/${eventId}/sessions`, {}, 'Error al cargar las sesiones');
  },

  sessionRegistrations(sessionId: number) {
    return call<AdminRegistration[]>(
      `/events/sessions/${sessionId}/registrations?includeDetails=true`,
      {},
      'Error al cargar los registros',
    );
  },

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

  queueOfSession(sessionId: number) {
    return call<QueueEntry[]>(`/events/queue/session/${sessionId}`, {}, 'Error al cargar la lista de espera');
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

  updateQueueEntry(id: number, d: Record<string, any>) {
    const body = {
      firstName: trim(d.firstName),
      lastName: trim(d.lastName),
      email: trim(d.email),
      userTaxId: trim(d.userTaxId),
      phoneNumber: trim(d.phoneNumber) || null,
    };
    return call<QueueEntry>(
      `/events/queue/${id}`,
      { method: 'PUT', ...json(body) },
      'Error al actualizar la persona de la lista de espera',
    );
  },

  removeQueueEntry(id: number) {
    return call<{ message: string }>(
      `/events/queue/${id}`,
      { method: 'DELETE' },
      'Error al eliminar de la lista de espera',
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

  // Issue 6: e-mail settings, templates and log; SMS settings and log (spec 7).

  getEmailSettings() {
    return call<EmailSettings>('/email/settings', {}, 'Error al cargar la configuración de email');
  },

  updateEmailSettings(body: UpdateEmailSettingsRequest) {
    return call<EmailSettings>(
      '/email/settings',
      { method: 'PUT', ...json(body) },
      'Error al guardar la configuración',
    );
  },

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

  getSmsSettings() {
    return call<SmsSettings>(
      '/smssettings',
      {},
      'Error al cargar la configuración de SMS. Por favor, intenta de nuevo.',
    );
  },

  updateSmsSettings(body: UpdateSmsSettingsRequest) {
    return call<SmsSettings>('/smssettings', { method: 'PUT', ...json(body) }, 'Error al guardar la configuración');
  },

  /** The estimated cost of every SMS sent (no dates: the whole log). */
  smsTotalCost() {
    return call<SmsTotalCost>('/smssettings/logs/total-cost', {}, 'Error al cargar el coste de los SMS');
  },

  deleteSmsLog(id: number) {
    return call<void>(`/smssettings/smslogs/${id}`, { method: 'DELETE' }, 'Error al eliminar el SMS');
  },

  deleteAllSmsLogs() {
    return call<{ deletedCount: number }>(
      '/smssettings/smslogs/all',
      { method: 'DELETE' },
      'Error al eliminar los SMS',
    );
  },
};
