import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLACKLIST_REASONS,
  GDPR_MESSAGES,
  GdprBlacklistEntry,
  GdprConsent,
  GdprDeleteResult,
  GdprCheckIn,
  GdprExport,
  GdprMatch,
  GdprMessage,
  GdprRegistration,
  GdprSummary,
  REGISTRATION_STATE,
  bookingReference,
  isValidEmail,
  normalizeEmail,
} from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { sessionInfoSql } from '../../database/sql';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { Principal } from '../auth/principal';
import { BookingEngine, PlacedRow } from '../booking-engine/booking-engine.service';
import { EmailOutbox } from '../email/email-outbox';
import { HistoryService } from '../history/history.service';
import { SmsOutbox } from '../sms/sms-outbox';
import { WebhookOutbox } from '../webhooks/webhook-outbox';

const STATUS = ['Active', 'Cancelled', 'Waiting'] as const;
const MESSAGE_STATUS = ['Pending', 'Sent', 'Failed'] as const;
/** Registrations of the person, any state. E-mails are stored normalised; lower() also finds any that weren't. */
const PERSON = `lower(email) = $1`;
/** Their consents: by address, and those tied to their registrations (the address may have been edited since). */
const CONSENTS = `(lower(email) = $1 OR registration_id IN (SELECT id FROM registrations WHERE lower(email) = $1))`;
/** Their e-mail and SMS log rows, by address or by registration. */
const EMAILS = `(lower(email_address) = $1 OR registration_id IN (SELECT id FROM registrations WHERE lower(email) = $1))`;
const SMS = `(lower(email) = $1 OR registration_id IN (SELECT id FROM registrations WHERE lower(email) = $1))`;
/** A GDPR erasure and a new booking of the same person in another session can cross: the rows are looked for
 * again after each pass, a few times. */
const MAX_PASSES = 3;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The person's rights over their data, by e-mail address: summary, export, erasure, consents. Export and erasure
 * are recorded in gdpr_requests with an HMAC of the address (APP_SECRET), never the address itself. */
@Injectable()
export class GdprService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emailOutbox: EmailOutbox,
    private readonly engine: BookingEngine,
    private readonly smsOutbox: SmsOutbox,
    private readonly webhookOutbox: WebhookOutbox,
    private readonly history: HistoryService,
  ) {}

  async search(rawEmail: string | undefined): Promise<GdprSummary> {
    const email = this.email(rawEmail);
    const [row]: { registrations: number; consents: number; other: boolean; lastActivity: Date | null }[] =
      await this.ds.query(
        `SELECT (SELECT count(*)::int FROM registrations WHERE ${PERSON}) AS registrations,
              (SELECT count(*)::int FROM consents WHERE ${CONSENTS}) AS consents,
              EXISTS (SELECT 1 FROM email_messages WHERE ${EMAILS}) OR EXISTS (SELECT 1 FROM sms_messages WHERE ${SMS})
                OR EXISTS (SELECT 1 FROM blacklist_entries WHERE ${PERSON}) AS other,
              greatest((SELECT max(greatest(created_at, registered_at, promoted_at, cancelled_at)) FROM registrations WHERE ${PERSON}),
                       (SELECT max(consent_date) FROM consents WHERE ${CONSENTS})) AS "lastActivity"`,
        [email],
      );
    return {
      email,
      hasData: row.registrations > 0 || row.consents > 0 || row.other,
      registrationCount: row.registrations,
      consentCount: row.consents,
      lastActivity: iso(row.lastActivity),
      matches: await this.matches(email),
    };
  }

  /** Where the person is: each of their registrations and waiting entries with its event, session and state. */
  private async matches(email: string): Promise<GdprMatch[]> {
    const rows: (Omit<GdprMatch, 'reference' | 'status' | 'registeredAt'> & { state: number; registeredAt: Date })[] =
      await this.ds.query(
        `SELECT r.id AS "registrationId", s.event_id AS "eventId", e.title AS "eventTitle", r.session_id AS "sessionId",
                ${sessionInfoSql('s')} AS "sessionInfo", r.state, r.queue_position AS "queuePosition",
                r.registered_at AS "registeredAt"
           FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
          WHERE lower(r.email) = $1
          ORDER BY r.registered_at DESC, r.id DESC`,
        [email],
      );
    return rows.map(({ state, registeredAt, ...row }) => ({
      ...row,
      reference: bookingReference(row.registrationId),
      status: STATUS[state],
      registeredAt: registeredAt.toISOString(),
    }));
  }

  async export(rawEmail: string, actor: Principal): Promise<GdprExport> {
    const email = this.email(rawEmail);
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const registrations = await this.registrations(m, email);
      const consentHistory = await this.consentsOf(m, email);
      const blacklistEntries = await this.blacklistEntries(m, email);
      const messages = await this.messages(m, email);
      const checkIns = await this.checkIns(m, email);
      const history = await this.history.forRegistrations(
        m,
        registrations.map((r) => r.id),
      );
      await this.record(m, 'Export', email, actor, {
        registrations: registrations.length,
        consents: consentHistory.length,
      });
      return {
        email,
        exportedAt: new Date().toISOString(),
        totalRegistrations: registrations.length,
        registrations,
        totalConsents: consentHistory.length,
        consentHistory,
        blacklistEntries,
        messages,
        checkIns,
        history,
      };
    });
  }

  async consents(rawEmail: string): Promise<GdprConsent[]> {
    return this.consentsOf(this.ds.manager, this.email(rawEmail));
  }

  /** Erases the person in one transaction: registrations (active, cancelled, waiting), consents, e-mail and SMS
   * log rows, expired blacklist entries. Each session they were in is locked first (the booking engine's lock
   * order), its counters are corrected as a cancellation would, and its waiting list is promoted into the
   * freed online seats (Promotion e-mails for those promoted). Active blacklist entries are kept until they
   * expire. Nothing is ever recorded for the erased address itself. */
  async erase(rawEmail: string, actor: Principal): Promise<GdprDeleteResult> {
    const email = this.email(rawEmail);
    const erased = await this.ds.transaction(async (m) => {
      const result: GdprDeleteResult = {
        email,
        deletedRegistrations: 0,
        deletedWaitingEntries: 0,
        deletedConsents: 0,
        deletedEmailMessages: 0,
        deletedSmsMessages: 0,
        deletedCheckIns: 0,
        deletedBlacklistEntries: 0,
        keptActiveBlacklistEntries: 0,
        promotedFromWaitingList: 0,
        deletedHistoryEntries: 0,
      };
      // The check-ins go with the registrations (ON DELETE CASCADE); counted here, before them.
      result.deletedCheckIns = await this.count(
        m,
        `DELETE FROM check_ins WHERE registration_id IN (SELECT id FROM registrations WHERE ${PERSON})`,
        [email],
      );
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        const sessions: { id: number }[] = await m.query(
          `SELECT DISTINCT session_id AS id FROM registrations WHERE ${PERSON} ORDER BY 1`,
          [email],
        );
        if (!sessions.length) break;
        for (const { id } of sessions) await this.eraseInSession(m, id, email, result);
      }
      // What is left unlinked: consents and messages of entries removed earlier, or of other sessions' rows.
      result.deletedConsents += await this.count(m, `DELETE FROM consents WHERE lower(email) = $1`, [email]);
      result.deletedEmailMessages += await this.emailOutbox.erase(m, { address: email });
      result.deletedSmsMessages += await this.smsOutbox.erase(m, { address: email });
      // Webhook deliveries naming the person (pending or past) go too: nothing about them is sent afterwards.
      await this.webhookOutbox.erase(m, { address: email });
      result.deletedBlacklistEntries = await this.count(
        m,
        `DELETE FROM blacklist_entries WHERE ${PERSON} AND expires_at <= now()`,
        [email],
      );
      const [{ kept }] = await m.query(`SELECT count(*)::int AS kept FROM blacklist_entries WHERE ${PERSON}`, [email]);
      result.keptActiveBlacklistEntries = kept;
      const { email: _address, ...counts } = result;
      await this.record(m, 'Delete', email, actor, counts);
      return result;
    });
    return erased;
  }

  /** Under the session's lock: removes the person's rows there with what hangs on them, gives back the seat
   * (online or reserved) or closes the waiting-list gap (BookingEngine.givePlacesBack, as a cancellation does),
   * then promotes. */
  private async eraseInSession(
    m: EntityManager,
    sessionId: number,
    email: string,
    result: GdprDeleteResult,
  ): Promise<void> {
    const session = await this.engine.lockSession(m, sessionId);
    if (!session) return; // deleted meanwhile (only possible when nothing active or waiting was left in it)
    const rows: PlacedRow[] = await m.query(
      `SELECT id, state, uses_reserved_spot AS "usesReservedSpot", queue_position AS "queuePosition"
         FROM registrations WHERE session_id = $1 AND lower(email) = $2 FOR NO KEY UPDATE`,
      [sessionId, email],
    );
    if (!rows.length) return;
    const ids = rows.map((row) => row.id);
    result.deletedConsents += await this.count(m, `DELETE FROM consents WHERE registration_id = ANY($1)`, [ids]);
    result.deletedEmailMessages += await this.emailOutbox.erase(m, { registrationIds: ids });
    result.deletedSmsMessages += await this.smsOutbox.erase(m, { registrationIds: ids });
    await this.webhookOutbox.erase(m, { registrationIds: ids });
    result.deletedHistoryEntries += await this.history.erase(m, ids);
    await this.engine.deleteRegistrations(m, ids);
    result.deletedRegistrations += rows.length;

    await this.engine.givePlacesBack(m, session, rows);
    result.deletedWaitingEntries += rows.filter((row) => row.state === REGISTRATION_STATE.Waiting).length;
    result.promotedFromWaitingList += (await this.engine.promoteWaiting(m, session)).length;
  }

  private async registrations(m: EntityManager, email: string): Promise<GdprRegistration[]> {
    const rows: (Omit<GdprRegistration, 'status' | 'registeredAt' | 'cancelledAt'> & {
      state: number;
      registeredAt: Date;
      cancelledAt: Date | null;
    })[] = await m.query(
      `SELECT r.id, r.first_name AS "firstName", r.last_name AS "lastName", r.email, r.user_tax_id AS "userTaxId",
                r.telephone_number AS "telephoneNumber", e.title AS "eventTitle", to_char(s.start_date, 'YYYY-MM-DD') AS "sessionDate",
                to_char(s.start_time, 'HH24:MI:SS') AS "sessionStartTime", to_char(s.end_time, 'HH24:MI:SS') AS "sessionEndTime",
                r.registered_at AS "registeredAt", r.state, r.queue_position AS "queuePosition", r.cancelled_at AS "cancelledAt", r.language
           FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id
          WHERE lower(r.email) = $1
          ORDER BY r.registered_at, r.id`,
      [email],
    );
    return rows.map(({ state, registeredAt, cancelledAt, ...row }) => ({
      ...row,
      registeredAt: registeredAt.toISOString(),
      status: STATUS[state],
      cancelledAt: iso(cancelledAt),
    }));
  }

  private async consentsOf(m: EntityManager, email: string): Promise<GdprConsent[]> {
    const rows: (Omit<GdprConsent, 'consentDate'> & { consentDate: Date })[] = await m.query(
      `SELECT consent_type AS "consentType", is_consented AS "isConsented", consent_date AS "consentDate", ip_address AS "ipAddress"
         FROM consents WHERE ${CONSENTS} ORDER BY consent_date, id`,
      [email],
    );
    return rows.map((row) => ({ ...row, consentDate: row.consentDate.toISOString() }));
  }

  private async blacklistEntries(m: EntityManager, email: string): Promise<GdprBlacklistEntry[]> {
    const rows: (Omit<GdprBlacklistEntry, 'reason' | 'expiresAt' | 'createdAt'> & {
      reason: number;
      expiresAt: Date;
      createdAt: Date;
    })[] = await m.query(
      `SELECT e.title AS "eventTitle", b.first_name AS "firstName", b.last_name AS "lastName", b.phone_number AS "phoneNumber",
              b.reason, b.reason_desc AS description,
              b.expires_at AS "expiresAt", b.created_at AS "createdAt"
         FROM blacklist_entries b LEFT JOIN events e ON e.id = b.event_id
        WHERE lower(b.email) = $1 ORDER BY b.created_at, b.id`,
      [email],
    );
    return rows.map((row) => ({
      ...row,
      reason: BLACKLIST_REASONS.find((r) => r.value === row.reason)?.label ?? String(row.reason),
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  private async checkIns(m: EntityManager, email: string): Promise<GdprCheckIn[]> {
    const rows: (Omit<GdprCheckIn, 'checkedInAt' | 'undoneAt'> & { checkedInAt: Date; undoneAt: Date | null })[] =
      await m.query(
        `SELECT c.registration_id AS "registrationId", e.title AS "eventTitle",
                to_char(s.start_date, 'YYYY-MM-DD') AS "sessionDate", c.checked_in_at AS "checkedInAt", c.door,
                c.by_label AS "checkedInBy", c.undone_at AS "undoneAt"
           FROM check_ins c JOIN registrations r ON r.id = c.registration_id
           JOIN event_sessions s ON s.id = c.session_id JOIN events e ON e.id = s.event_id
          WHERE lower(r.email) = $1 ORDER BY c.checked_in_at, c.id`,
        [email],
      );
    return rows.map((row) => ({
      ...row,
      checkedInAt: row.checkedInAt.toISOString(),
      undoneAt: row.undoneAt?.toISOString() ?? null,
    }));
  }

  private async messages(m: EntityManager, email: string): Promise<GdprMessage[]> {
    const rows: (Omit<GdprMessage, 'status' | 'createdAt'> & { status: number; createdAt: Date })[] = await m.query(
      `SELECT 'Email' AS channel, email_type AS type, email_address AS "to", status, created_at AS "createdAt" FROM email_messages WHERE ${EMAILS}
       UNION ALL
       SELECT 'SMS', sms_type, phone_number, status, created_at FROM sms_messages WHERE ${SMS}
       ORDER BY "createdAt"`,
      [email],
    );
    return rows.map((row) => ({ ...row, status: MESSAGE_STATUS[row.status], createdAt: row.createdAt.toISOString() }));
  }

  private async record(
    m: EntityManager,
    action: 'Export' | 'Delete',
    email: string,
    actor: Principal,
    counts: Record<string, number>,
  ): Promise<void> {
    await m.query(`INSERT INTO gdpr_requests (action, email_hash, counts, staff_user_id) VALUES ($1, $2, $3, $4)`, [
      action,
      this.emailHash(email),
      counts,
      actor.userId,
    ]);
  }

  /** Matches the requests about one address without storing it: HMAC-SHA256 under a key derived from APP_SECRET. */
  emailHash(email: string): string {
    const key = createHmac('sha256', this.config.appSecret).update('evreg:gdpr-email').digest();
    return createHmac('sha256', key).update(normalizeEmail(email)).digest('hex');
  }

  private email(raw: string | undefined): string {
    if (!raw || !isValidEmail(raw)) throw AppError.field('email', GDPR_MESSAGES.emailRequired);
    return normalizeEmail(raw);
  }

  private async count(m: EntityManager, sql: string, params: unknown[]): Promise<number> {
    const [, affected]: [unknown, number] = await m.query(sql, params);
    return affected;
  }
}
