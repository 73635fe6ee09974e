/** SMS (Netelip) settings and log, and notifications to the people registered in an event or session
 * (docs/product.md §3, 5, 7 and 9). */

export interface SmsSettings {
  smsEnabled: boolean;
  senderName: string;
  /** Whether a Netelip token is stored; the token itself is write-only and never returned. */
  hasToken: boolean;
}

/** PUT /api/smssettings. `netelipToken` is sent only to change it: absent or empty keeps the stored one. */
export interface UpdateSmsSettingsRequest {
  smsEnabled: boolean;
  senderName: string;
  netelipToken?: string;
}

export type SmsStatusText = 'Pending' | 'Sent' | 'Failed';

export const SMS_STATUS = { Pending: 0, Sent: 1, Failed: 2 } as const;

export interface SmsLogEntry {
  id: number;
  createdAt: string;
  phoneNumber: string;
  message: string;
  /** Spec: Sent (Enviado), Failed (Fallido), anything else Pendiente. */
  status: SmsStatusText;
  /** Euros, estimated: parts × 0.10 (pending and sent); 0 once it failed (nothing billed). */
  cost: number;
  parts: number;
  /** The staff member who sent it, or 'Sistema'. */
  sentBy: string;
  errorMessage: string | null;
  /** Netelip's ID-SMS once sent. */
  providerId: string | null;
  sentAt: string | null;
}

export interface SmsLogPage {
  data: SmsLogEntry[];
  totalCount: number;
  totalPages: number;
  page: number;
  pageSize: number;
}

export interface SmsTotalCost {
  totalCost: number;
}

export const NOTIFICATION_TYPE = { Sms: 0, Email: 1 } as const;
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

/** POST /api/notifications/events/{eventId} and /sessions/{sessionId}. */
export interface SendNotificationRequest {
  type: NotificationType;
  /** SMS: required, at most SMS_LIMITS.messageMax characters (the system adds the event details). E-mail:
   * the body when no template is given. */
  message?: string;
  emailTemplateId?: number;
  subject?: string;
}

export interface NotificationResult {
  success: boolean;
  /** Active registrations of the event or session. */
  totalRecipients: number;
  /** Messages accepted for sending (recorded and queued); delivery is asynchronous: the SMS and e-mail logs
   * show each one's outcome. */
  successCount: number;
  /** Recipients no message could be made for (e.g. no valid phone number). */
  failedCount: number;
  /** Estimated cost in euros of the accepted SMS (0 for e-mail). */
  totalCost: number;
  errors: string[];
}

export const SMS_LIMITS = {
  /** One SMS: 160 characters, of which about 80 are kept for the event details the system adds. */
  total: 160,
  messageMax: 80,
  eventDetailsMax: 80,
  /** Estimated cost of each part (EUR). */
  costPerPart: 0.1,
  /** Alphanumeric sender: 11 characters at most. */
  senderMax: 11,
} as const;

export const SMS_MESSAGES = {
  settingsSaved: 'Configuración guardada exitosamente',
  disabled: 'El envío de SMS está deshabilitado. Los usuarios no recibirán notificaciones por SMS.',
  senderRequired: 'El remitente es requerido para enviar SMS',
  senderInvalid: 'El remitente debe tener como máximo 11 letras, números o espacios (o un número de hasta 15 cifras)',
  tokenRequired: 'Indique el token de Netelip para habilitar el envío de SMS',
  tokenTooLong: 'El token de Netelip es demasiado largo',
  smsEnabledInvalid: 'smsEnabled es requerido y debe ser true o false',
  logNotFound: 'Registro de SMS no encontrado',
  pageInvalid: 'La página debe ser un número entero mayor que 0',
  pageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 200',
  startDateInvalid: 'La fecha de inicio no es válida (AAAA-MM-DD)',
  endDateInvalid: 'La fecha de fin no es válida (AAAA-MM-DD)',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  // Delivery outcomes, stored in the log's errorMessage.
  noToken: 'No hay token de Netelip configurado',
  noSender: 'No hay remitente configurado',
  phoneInvalid: 'Número de teléfono no válido para SMS',
  netelipUnauthorized: 'Netelip rechazó el token (401): revise el token en la configuración de SMS',
  netelipNoCredit: 'Saldo insuficiente en la cuenta de Netelip (402)',
  netelipMalformed: 'Netelip rechazó la petición por estar mal formada (412)',
  netelipParameters: 'Netelip indicó un error en los parámetros (103)',
  netelipMissing: 'Netelip indicó que faltan parámetros obligatorios (109)',
  netelipUnknown: (code: string) => `Netelip respondió con un código desconocido (${code})`,
  netelipBadAnswer: 'Respuesta de Netelip no reconocida',
  netelipTimeout: 'Netelip no respondió a tiempo',
  netelipUnavailable: (detail: string) => `Netelip no disponible: ${detail}`,
  // Notifications.
  typeInvalid: 'El tipo de notificación debe ser 0 (SMS) o 1 (Email)',
  messageRequired: 'El mensaje es requerido para enviar un SMS',
  messageTooLong: `El mensaje SMS no puede superar 80 caracteres: se reservan 80 para los datos del evento (máximo 160 en total)`,
  emailContentRequired: 'Seleccione una plantilla o escriba un mensaje para enviar el email',
  emailMessageTooLong: 'El mensaje no puede superar 10000 caracteres',
  subjectTooLong: 'El asunto no puede superar 200 caracteres',
  templateNotFound: 'La plantilla de email indicada no existe',
  templateInvalid: 'La plantilla debe ser un identificador numérico',
  eventNotFound: 'Evento no encontrado',
  sessionNotFound: 'Sesión no encontrada',
  noRecipients: 'No hay personas inscritas activas a las que notificar',
  noPhone: (who: string) => `${who}: sin número de teléfono`,
  badPhone: (who: string) => `${who}: número de teléfono no válido para SMS`,
} as const;
