import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  NOTIFICATION_TYPE,
  notificationSmsText,
  NotificationResult,
  REGISTRATION_STATE,
  SMS_LIMITS,
  SMS_MESSAGES,
  SMS_STATUS,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { Principal } from '../auth/principal';
import { EmailOutbox } from '../email/email-outbox';
import { SmsOutbox } from '../sms/sms-outbox';
import { smsEnabled } from '../sms/sms-settings.service';
import { SendNotificationDto } from './dto/notification.dto';

const M = SMS_MESSAGES;

/** Which registrations a notification goes to: the active ones of an event, of one session, or of a selection. */
interface Scope {
  column: 's.event_id' | 'r.session_id' | 'r.id';
  ids: number[];
}

/** What sending decided; `success` is derived from it. */
type Counts = Omit<NotificationResult, 'success'>;

interface Recipient {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  eventId: number;
  sessionId: number;
  eventTitle: string;
  startDate: string;
  startTime: string;
  isAllDay: boolean;
}

/** Messages from staff to everyone registered. Each message is recorded (SMS log or e-mail log, pending) in one
 * transaction and queued after the commit; the answer says how many were accepted for sending, and each one's
 * outcome shows in its log. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly emailOutbox: EmailOutbox,
    private readonly smsOutbox: SmsOutbox,
  ) {}

  async toEvent(eventId: number, dto: SendNotificationDto, actor: Principal): Promise<NotificationResult> {
    this.validate(dto);
    const [event] = await this.ds.query(`SELECT 1 FROM events WHERE id = $1`, [eventId]);
    if (!event) throw AppError.notFound(M.eventNotFound);
    return this.send({ column: 's.event_id', ids: [eventId] }, dto, actor);
  }

  async toSession(sessionId: number, dto: SendNotificationDto, actor: Principal): Promise<NotificationResult> {
    this.validate(dto);
    const [session] = await this.ds.query(`SELECT 1 FROM event_sessions WHERE id = $1`, [sessionId]);
    if (!session) throw AppError.notFound(M.sessionNotFound);
    return this.send({ column: 'r.session_id', ids: [sessionId] }, dto, actor);
  }

  /** A selection of registrations (bulk action): the active ones among them are the recipients, with the same
   * rules, texts and SMS cost estimate as a session's notification. The caller has checked the ids exist. */
  async toRegistrations(ids: number[], dto: SendNotificationDto, actor: Principal): Promise<NotificationResult> {
    this.validate(dto);
    return this.send({ column: 'r.id', ids }, dto, actor);
  }

  /** docs/product.md §5: an SMS needs a message of at most 80 characters (80 more are the event details); an e-mail
   * needs a template or a message. */
  private validate(dto: SendNotificationDto): void {
    if (dto.type === NOTIFICATION_TYPE.Sms) {
      if (!dto.message) throw AppError.field('message', M.messageRequired);
      if ([...dto.message].length > SMS_LIMITS.messageMax) throw AppError.field('message', M.messageTooLong);
    } else if (dto.emailTemplateId === undefined && !dto.message) {
      throw AppError.validation({ emailTemplateId: [M.emailContentRequired], message: [M.emailContentRequired] });
    }
  }

  /** The e-mails and SMS recorded in the transaction are sent once it commits (the outbox kit). */
  private async send(scope: Scope, dto: SendNotificationDto, actor: Principal): Promise<NotificationResult> {
    const result = await this.ds.transaction(async (m) =>
      dto.type === NOTIFICATION_TYPE.Sms ? this.sms(m, scope, dto.message!, actor) : this.email(m, scope, dto),
    );
    if (result.totalRecipients === 0) result.errors.push(M.noRecipients);
    return { ...result, success: result.totalRecipients > 0 && result.failedCount === 0 };
  }

  private async sms(m: EntityManager, scope: Scope, message: string, actor: Principal): Promise<Counts> {
    if (!(await smsEnabled(m))) throw new AppError('SMS_DISABLED', M.disabled);
    const recipients: Recipient[] = await m.query(
      `SELECT r.id, r.first_name || ' ' || r.last_name AS name, r.email, nullif(trim(r.telephone_number), '') AS phone,
              s.event_id AS "eventId", r.session_id AS "sessionId", e.title AS "eventTitle",
              to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.start_time, 'HH24:MI') AS "startTime", s.is_all_day AS "isAllDay"
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
        WHERE ${scope.column} = ANY($1::int[]) AND r.state = $2
        ORDER BY s.starts_at, r.id`,
      [scope.ids, REGISTRATION_STATE.Active],
    );
    const errors: string[] = [];
    const reachable = recipients.filter((r) => {
      if (!r.phone) errors.push(M.noPhone(`${r.name} (registro ${r.id})`));
      return r.phone !== null;
    });
    const recorded = await this.smsOutbox.record(
      m,
      reachable.map((r) => ({
        type: 'Notification' as const,
        phoneNumber: r.phone!,
        message: notificationSmsText(message, r),
        registrationId: r.id,
        eventId: r.eventId,
        sessionId: r.sessionId,
        email: r.email,
      })),
      actor.userId,
    );
    recorded.forEach((sms, i) => {
      if (sms.status === SMS_STATUS.Failed)
        errors.push(M.badPhone(`${reachable[i].name} (registro ${reachable[i].id})`));
    });
    const accepted = recorded.filter((sms) => sms.status === SMS_STATUS.Pending);
    const totalCost = Math.round(accepted.reduce((sum, sms) => sum + sms.cost, 0) * 100) / 100;
    return {
      totalRecipients: recipients.length,
      successCount: accepted.length,
      failedCount: recipients.length - accepted.length,
      totalCost,
      errors,
    };
  }

  /** One pending e-mail per registration (email_type 'Notification'); the e-mail module renders and sends it:
   * data `{ templateId }` or `{ message, subject? }` (without a subject it writes one from the event's title). */
  private async email(m: EntityManager, scope: Scope, dto: SendNotificationDto): Promise<Counts> {
    if (dto.emailTemplateId !== undefined) {
      const [template] = await m.query(`SELECT 1 FROM email_templates WHERE id = $1`, [dto.emailTemplateId]);
      if (!template) throw AppError.field('emailTemplateId', M.templateNotFound);
    }
    const data =
      dto.emailTemplateId !== undefined
        ? { templateId: dto.emailTemplateId }
        : { message: dto.message, ...(dto.subject ? { subject: dto.subject } : {}) };
    const recipients: { id: number }[] = await m.query(
      `SELECT r.id FROM registrations r JOIN event_sessions s ON s.id = r.session_id
        WHERE ${scope.column} = ANY($1::int[]) AND r.state = $2 ORDER BY r.id`,
      [scope.ids, REGISTRATION_STATE.Active],
    );
    await this.emailOutbox.record(
      m,
      'Notification',
      recipients.map((r) => r.id),
      () => data,
    );
    return {
      totalRecipients: recipients.length,
      successCount: recipients.length,
      failedCount: 0,
      totalCost: 0,
      errors: [],
    };
  }
}
