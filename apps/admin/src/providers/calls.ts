import type {
  GdprDeleteResult,
  GdprExport,
  GdprSummary,
  ChangePasswordRequest,
  ResetPasswordResponse,
  EmailPreview,
  EmailPreviewRequest,
  EmailTemplateTypeOption,
  HistoryEntry,
  RegistrationListFilter,
} from '@evreg/contracts';
import { listQuery } from '../resources/registrations/rules';
import { call, json, translateError } from './api-call';
import { apiDownload } from './download';

/** The API's remote procedures: what is neither a record of a resource (mappings.ts, through react-admin's hooks)
 * nor a command that changes records (commands.ts, through `useCommand`): passwords, the test e-mail, previews and
 * the template types, the Excel export, GDPR. */
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

  // Issue 7, people: the waiting list's Excel, GDPR (docs/product.md §7).

  /** GET .../export: the Excel file and the name the server gives it. */
  async exportWaitingList(sessionId: number) {
    try {
      return await apiDownload(`/events/queue/session/${sessionId}/export`);
    } catch (error) {
      return translateError(error, 'Error al exportar Excel');
    }
  },

  /** GET .../registrations/export: a session's people in Excel (with 'Asistió'), and the server's file name. */
  async exportRegistrations(sessionId: number) {
    try {
      return await apiDownload(`/events/sessions/${sessionId}/registrations/export`);
    } catch (error) {
      return translateError(error, 'Error al exportar Excel');
    }
  },

  /** GET /events/registrations/export: every row of a filtered staff search in Excel, and the server's file name. */
  async exportRegistrationList(filter: RegistrationListFilter) {
    try {
      return await apiDownload(`/events/registrations/export?${listQuery(filter)}`);
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

  // Issue 6: the test e-mail, the templates' types and previews (docs/product.md §7).

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

  /** GET /api/history/registrations/{id}: a registration's history, oldest first. */
  registrationHistory(id: number) {
    return call<HistoryEntry[]>(`/history/registrations/${id}`, {}, 'Error al cargar el historial');
  },

  /** GET /api/history/events/{id}[/sessions/{sessionId}]: staff changes to an event and its sessions, newest first
   * (administrators). */
  eventHistory(eventId: number, sessionId?: number) {
    const path = `/history/events/${eventId}${sessionId === undefined ? '' : `/sessions/${sessionId}`}`;
    return call<HistoryEntry[]>(path, {}, 'Error al cargar el historial');
  },

  /** Unsaved content filled with sample data (the form's preview). */
  previewEmailContent(body: EmailPreviewRequest) {
    return call<EmailPreview>(
      '/email-templates/preview',
      { method: 'POST', ...json(body) },
      'Error al cargar la vista previa',
    );
  },
};
