import type { VisitorLanguage } from './languages';
/** E-mail settings, templates and log (docs/product.md §3, 4, 5, 7 and 9). */

/** GET /api/email/settings. The spec's server answers booleans as strings ("true"/"false"); the SMTP password
 * is write-only: only whether one is stored is said. */
export interface EmailSettings {
  emailEnabled: 'true' | 'false';
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string;
  smtpUseSsl: 'true' | 'false';
  emailFromAddress: string;
  emailFromName: string;
  /** Base of the links in e-mails (cancellation): the booking site's address. Empty: PUBLIC_BASE_URL. */
  baseUrl: string;
  hasSmtpPassword: 'true' | 'false';
}

/** PUT /api/email/settings. Booleans as true/false or "true"/"false"; `smtpPassword` empty or absent keeps the
 * stored one. */
export interface UpdateEmailSettingsRequest {
  emailEnabled: boolean | 'true' | 'false';
  smtpHost?: string;
  smtpPort?: number;
  smtpUsername?: string;
  smtpPassword?: string;
  smtpUseSsl?: boolean | 'true' | 'false';
  emailFromAddress?: string;
  emailFromName?: string;
  baseUrl?: string;
}

export const EMAIL_TEMPLATE_TYPE = { Registration: 0, Queue: 1, Promotion: 2, Reminder: 3 } as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPE)[keyof typeof EMAIL_TEMPLATE_TYPE];

/** GET /api/email-templates/template-types. */
export interface EmailTemplateTypeOption {
  value: EmailTemplateType;
  name: 'Registration' | 'Queue' | 'Promotion' | 'Reminder';
  label: string;
}

export const EMAIL_TEMPLATE_TYPES: readonly EmailTemplateTypeOption[] = [
  { value: 0, name: 'Registration', label: 'Confirmación de inscripción' },
  { value: 1, name: 'Queue', label: 'Lista de espera' },
  { value: 2, name: 'Promotion', label: 'Plaza conseguida desde la lista de espera' },
  /** Sent ReminderHoursBeforeSession hours before the session to each seated person (docs/domain.md, "Reminders"). */
  { value: 3, name: 'Reminder', label: 'Recordatorio' },
];

/** The placeholders a template may use (`{{name}}`); values are HTML-escaped in the HTML part. */
export const EMAIL_PLACEHOLDERS = [
  'firstName',
  'eventTitle',
  'eventDate',
  'eventTime',
  'eventEndTime',
  'eventTimeRange',
  'eventDateTime',
  'cancellationUrl',
  'queuePosition',
  'address',
  /** The registration's booking reference ('R-000123'), as staff search it. */
  'bookingReference',
  /** The event's organiser, and their e-mail / phone / web joined with ' · ' (empty when none is set). */
  'organizerName',
  'organizerContact',
  /** The person's ticket code ('123-ABCD…', docs/domain.md, "Tickets"), to read out at the door; empty unless the
   * registration is active (a waiting place has none). */
  'ticketCode',
  /** The ticket's QR code as an image (an inline attachment of the e-mail; in the text part nothing); empty when
   * ticketCode is. */
  'ticketQr',
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  htmlContent: string;
  plainTextContent: string | null;
  templateType: EmailTemplateType;
  /** The language of its texts: a person gets their booking language's active template, Spanish otherwise. */
  language: VisitorLanguage;
  isActive: boolean;
  updatedAt: string;
}

/** POST /api/email-templates; PUT takes the same body, and `templateType` can't change. */
export interface EmailTemplateRequest {
  name: string;
  subject: string;
  htmlContent: string;
  plainTextContent?: string | null;
  templateType: EmailTemplateType;
  /** 'es' when omitted; can't change on PUT. */
  language?: VisitorLanguage;
  isActive?: boolean;
}

/** POST /api/email-templates/preview (unsaved content) and GET /api/email-templates/{id}/preview: the template
 * filled with sample data. */
export interface EmailPreviewRequest {
  subject: string;
  htmlContent: string;
  plainTextContent?: string | null;
}

export interface EmailPreview {
  subject: string;
  html: string;
  text: string;
}

export const EMAIL_STATUS = { Pending: 0, Sent: 1, Failed: 2 } as const;
export type EmailStatus = (typeof EMAIL_STATUS)[keyof typeof EMAIL_STATUS];

/** What caused the message: the four template types, the built-in texts, staff notifications and the test. */
export type EmailType =
  'Registration' | 'Queue' | 'Promotion' | 'Reminder' | 'Cancellation' | 'Blacklist' | 'Notification' | 'Test';

export interface EmailLogEntry {
  id: number;
  emailAddress: string;
  recipientName: string;
  userTaxId: string | null;
  /** null once the event is deleted, or for messages tied to none (test e-mail). */
  event: { title: string; city: string; country: string } | null;
  status: EmailStatus;
  errorMessage: string | null;
  sentAt: string | null;
  emailType: EmailType;
  createdAt: string;
  attempts: number;
}

export interface EmailLogPage {
  data: EmailLogEntry[];
  totalCount: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  page: number;
  pageSize: number;
}

export const EMAIL_MESSAGES = {
  settingsSaved: 'Configuración guardada exitosamente',
  emailEnabledInvalid: 'emailEnabled es requerido y debe ser true o false',
  smtpUseSslInvalid: 'smtpUseSsl debe ser true o false',
  smtpHostRequired: 'El servidor SMTP es requerido para activar el envío de emails',
  smtpHostInvalid: 'El servidor SMTP no es válido',
  smtpPortInvalid: 'El puerto SMTP debe ser un número entero entre 1 y 65535',
  smtpUsernameTooLong: 'El usuario SMTP no puede superar 255 caracteres',
  smtpPasswordTooLong: 'La contraseña SMTP no puede superar 500 caracteres',
  fromAddressRequired: 'El email del remitente es requerido para activar el envío de emails',
  fromAddressInvalid: 'El email del remitente no es válido',
  fromNameTooLong: 'El nombre del remitente no puede superar 200 caracteres',
  baseUrlInvalid:
    'La URL base debe ser una dirección http o https sin parámetros (p. ej. https://reservas.example.com)',
  testEmailRequired: 'Indique un email de destino para la prueba (testEmail)',
  testEmailInvalid: 'El email de destino de la prueba no es válido',
  disabled: 'El envío de emails está deshabilitado. Actívelo en la configuración de email.',
  testSent: (to: string) => `Email de prueba enviado a ${to}`,
  /** The test e-mail's failure: `detail` explains the cause in Spanish, the server's text after 'Detalle:'. */
  smtpFailed: (detail: string) => `No se pudo enviar el email de prueba. ${detail}`,
  // Templates.
  templateNotFound: 'Plantilla no encontrada',
  noActiveTemplate: 'No hay ninguna plantilla activa de ese tipo',
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar 200 caracteres',
  subjectRequired: 'El asunto es requerido',
  subjectTooLong: 'El asunto no puede superar 300 caracteres',
  htmlRequired: 'El contenido HTML es requerido',
  contentTooLong: 'El contenido no puede superar 100000 caracteres',
  typeRequired: 'El tipo de plantilla es requerido (0 Registro, 1 Lista de espera, 2 Promoción, 3 Recordatorio)',
  typeFixed: 'El tipo de plantilla no se puede cambiar al editar',
  languageInvalid: 'El idioma de la plantilla debe ser es, ca, eu, gl o en',
  languageFixed: 'El idioma de la plantilla no se puede cambiar al editar',
  isActiveInvalid: 'isActive debe ser true o false',
  unknownPlaceholder: (name: string) =>
    `Marcador desconocido: {{${name}}}. Disponibles: ${EMAIL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
  unescapedPlaceholder:
    'Los marcadores deben escribirse con dos llaves ({{firstName}}): no se permiten tres llaves ni {{& }}',
  templateSyntax: (detail: string) => `La plantilla no es válida: ${detail}`,
  activeConflict: 'Otra plantilla de este tipo e idioma se activó a la vez. Inténtalo de nuevo.',
  templateDeleted: 'Plantilla eliminada',
  // Log.
  logNotFound: 'Registro de email no encontrado',
  pageInvalid: 'La página debe ser un número entero mayor que 0',
  pageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 100',
  resendOnlyFailed: 'Solo se pueden reenviar emails fallidos de inscripción o promoción',
  resendNotActive: 'La inscripción ya no está activa: no se reenvía el email',
  resendQueued: 'Email puesto en cola para reenviarse',
  logDeleted: 'Registro de email eliminado',
  logsDeleted: (n: number) => `${n} registros de email eliminados`,
  // Delivery outcomes, stored in the log's errorMessage.
  sessionEnded: 'No enviado: la sesión ya había terminado',
  registrationGone: 'No enviado: la inscripción ya no existe',
  reminderNotActive: 'No enviado: la inscripción ya no está activa',
  noTemplate: (type: string) => `No hay ninguna plantilla activa de tipo ${type}`,
  notificationTemplateGone: 'La plantilla de la notificación ya no existe',
  nothingToSend: 'El mensaje no tiene datos suficientes para enviarse',
  renderFailed: (detail: string) => `No se pudo componer el email: ${detail}`,
} as const;
