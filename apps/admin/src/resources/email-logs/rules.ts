import { EMAIL_STATUS, type EmailLogEntry, type EmailStatus, type EmailType } from '@evreg/contracts';

/** docs/product.md §9: the e-mail log shows 20 rows a page. */
export const EMAIL_LOG_PAGE_SIZE = 20;

/** docs/product.md §4: pending, sent, failed, in Spanish. */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = { 0: 'Pendiente', 1: 'Enviado', 2: 'Fallido' };

export const EMAIL_STATUS_COLORS: Record<EmailStatus, 'default' | 'success' | 'error'> = {
  0: 'default',
  1: 'success',
  2: 'error',
};

/** What caused each message, as staff call it. */
export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  Registration: 'Inscripción',
  Queue: 'Lista de espera',
  Promotion: 'Promoción',
  Reminder: 'Recordatorio',
  Cancellation: 'Cancelación',
  Blacklist: 'Lista negra',
  Notification: 'Notificación',
  Test: 'Prueba',
};

export function emailStatusLabel(status: number): string {
  return EMAIL_STATUS_LABELS[status as EmailStatus] ?? 'Pendiente';
}

export function emailTypeLabel(type: string): string {
  return EMAIL_TYPE_LABELS[type as EmailType] ?? type;
}

/** docs/product.md §4: resend is offered only for failed Registration or Promotion e-mails. */
export function canResend(entry: Pick<EmailLogEntry, 'status' | 'emailType'>): boolean {
  return (
    entry.status === EMAIL_STATUS.Failed && (entry.emailType === 'Registration' || entry.emailType === 'Promotion')
  );
}

/** The event column: title and city ('' when the message is about no event). */
export function eventText(event: EmailLogEntry['event']): string {
  if (!event) return '';
  return event.city ? `${event.title} (${event.city})` : event.title;
}
