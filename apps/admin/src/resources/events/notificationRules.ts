import {
  NOTIFICATION_TYPE,
  SMS_LIMITS,
  SMS_MESSAGES,
  type NotificationType,
  type SendNotificationRequest,
} from '@evreg/contracts';

/** Above this many characters in total (message and event details) an SMS is close to splitting (docs/product.md §9). */
export const SMS_WARNING_ABOVE = 153;
/** The result lists this many errors, then 'y N más' (docs/product.md §9). */
export const SHOWN_ERRORS = 5;

/** Characters as a person counts them (an emoji is one). */
const length = (text: string) => [...text].length;

export interface SmsEstimate {
  /** Characters of the message typed by staff. */
  messageLength: number;
  /** With the event details the system adds (about 80). */
  totalLength: number;
  parts: number;
  /** Above 153 characters in total: the SMS is about to split. */
  nearLimit: boolean;
  tooLong: boolean;
  /** Euros: 0.10 per SMS part per recipient (docs/product.md §9), an estimate. */
  cost: number;
}

/** docs/product.md §5 and §9: at most 160 characters including the ~80 the system adds, so 80 for the message; a warning above
 * 153; over 160 an SMS would split in parts of 153 at extra cost. */
export function smsEstimate(message: string, recipients: number): SmsEstimate {
  const messageLength = length(message.trim());
  const totalLength = messageLength + SMS_LIMITS.eventDetailsMax;
  const parts = totalLength <= SMS_LIMITS.total ? 1 : Math.ceil(totalLength / 153);
  return {
    messageLength,
    totalLength,
    parts,
    nearLimit: totalLength > SMS_WARNING_ABOVE,
    tooLong: messageLength > SMS_LIMITS.messageMax,
    cost: Math.round(recipients * parts * SMS_LIMITS.costPerPart * 100) / 100,
  };
}

export interface NotificationDraft {
  type: NotificationType;
  message: string;
  subject: string;
  /** '' when no template is chosen. */
  emailTemplateId: number | '';
}

export type NotificationErrors = Partial<Record<'message' | 'emailTemplateId', string>>;

/** docs/product.md §5, notification: an SMS needs a message of at most 80 characters; an e-mail a template or a message. */
export function notificationErrors(draft: NotificationDraft): NotificationErrors {
  const message = draft.message.trim();
  if (draft.type === NOTIFICATION_TYPE.Sms) {
    if (!message) return { message: SMS_MESSAGES.messageRequired };
    if (length(message) > SMS_LIMITS.messageMax) return { message: SMS_MESSAGES.messageTooLong };
    return {};
  }
  if (draft.emailTemplateId === '' && !message)
    return { emailTemplateId: SMS_MESSAGES.emailContentRequired, message: SMS_MESSAGES.emailContentRequired };
  return {};
}

/** The body of POST /notifications/...: an SMS carries its message; an e-mail its template, or its message with
 * an optional subject. */
export function notificationPayload(draft: NotificationDraft): SendNotificationRequest {
  if (draft.type === NOTIFICATION_TYPE.Sms) return { type: NOTIFICATION_TYPE.Sms, message: draft.message.trim() };
  if (draft.emailTemplateId !== '') return { type: NOTIFICATION_TYPE.Email, emailTemplateId: draft.emailTemplateId };
  const subject = draft.subject.trim();
  return { type: NOTIFICATION_TYPE.Email, message: draft.message.trim(), ...(subject ? { subject } : {}) };
}

/** At most five errors, and how many more there were ('y N más'). */
export function shownErrors(errors: readonly string[]): { shown: string[]; more: number } {
  return { shown: errors.slice(0, SHOWN_ERRORS), more: Math.max(0, errors.length - SHOWN_ERRORS) };
}
