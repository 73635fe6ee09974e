import {
  NOTIFICATION_TYPE,
  SMS_LIMITS,
  SMS_MESSAGES,
  notificationSmsText,
  smsCost,
  smsSize,
  type AdminEvent,
  type NotificationType,
  type SendNotificationRequest,
  type Session,
  type SmsSessionDetails,
  type SmsSize,
} from '@evreg/contracts';

/** The result lists this many errors, then 'y N más' (docs/product.md §9). */
export const SHOWN_ERRORS = 5;
/** Within this many units of the end of one SMS the text is close to splitting (153 of 160 in GSM-7). */
export const SMS_NEAR_LIMIT = 7;

/** Characters as a person counts them (an emoji is one). */
const length = (text: string) => [...text].length;

/** The people of one session a notification reaches, and the details the server adds to their SMS. */
export interface SmsTarget {
  details: SmsSessionDetails;
  recipients: number;
}

/** Each session of the event (or the one session) with its active registrations: the server writes one SMS per
 * person with that session's details. An event without sessions still shows the count, with a stand-in date of
 * the same length. */
export function smsTargets(event: Pick<AdminEvent, 'title' | 'sessions'>, session?: Session): SmsTarget[] {
  const sessions = session ? [session] : (event.sessions ?? []);
  const targets = sessions.map((s) => ({
    details: { eventTitle: event.title, startDate: s.startDate, startTime: s.startTime, isAllDay: s.isAllDay },
    recipients: s.registeredCount,
  }));
  return targets.length
    ? targets
    : [
        {
          details: { eventTitle: event.title, startDate: '2000-01-01', startTime: '00:00', isAllDay: false },
          recipients: 0,
        },
      ];
}

export interface SmsEstimate {
  /** Characters of the message typed by staff. */
  messageLength: number;
  /** The SMS as the server writes it (message and event details), sized by the shared count: encoding, units,
   * parts and units left in the last part. For an event, the longest of its sessions' texts. */
  size: SmsSize;
  /** Characters in that SMS as a person counts them. */
  totalLength: number;
  parts: number;
  /** One SMS, within a few characters of splitting. */
  nearLimit: boolean;
  tooLong: boolean;
  /** Euros: 0.10 per SMS part per recipient (docs/product.md §9), what the SMS log will charge. */
  cost: number;
}

/** docs/product.md §5 and §9: at most 80 characters for the message (the system adds about 80); the parts and the
 * cost are counted on the text the server will send, with the server's own count (smsSize): GSM-7 160/153, UCS-2
 * 70/67 as soon as one character is outside GSM-7 (á, í, ó, ú...). */
export function smsEstimate(message: string, targets: SmsTarget[]): SmsEstimate {
  const text = message.trim();
  const sized = targets.map((target) => {
    const sms = notificationSmsText(text, target.details);
    return { sms, size: smsSize(sms), recipients: target.recipients };
  });
  const longest = sized.reduce((a, b) => (b.size.units > a.size.units ? b : a));
  const cost = sized.reduce((sum, t) => sum + t.recipients * smsCost(t.size.parts), 0);
  return {
    messageLength: length(text),
    size: longest.size,
    totalLength: length(longest.sms),
    parts: longest.size.parts,
    nearLimit: longest.size.parts === 1 && longest.size.unitsLeft < SMS_NEAR_LIMIT,
    tooLong: length(text) > SMS_LIMITS.messageMax,
    cost: Math.round(cost * 100) / 100,
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
