import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AdminRegistration, MESSAGES, Paged, REGISTRATION_STATE, isValidEmail, normalizeEmail } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { sessionInfoSql } from '../../database/sql';
import { EmailOutbox } from '../email/email-outbox';
import { HistoryService, changedFields } from '../history/history.service';
import {
  REGISTRATION_FILTER_MESSAGES,
  RegistrationFilterDto,
  RegistrationSearchDto,
  UpdateRegistrationDto,
} from './dto/registration.dto';
import { duplicatePersonConflict, taxIdToStore } from './person-rules';
import { REGISTRATION_LIST_FROM, registrationListOrder, registrationListWhere } from './registration-list.query';
import {
  buildRegistrationListExport,
  buildRegistrationsExport,
  type ExportedListRow,
  type ExportedRegistration,
} from './registrations-export';

const b = MESSAGES.booking;
/** The states staff see here: active and cancelled (waiting entries are the waiting list's). */
const REGISTRATIONS = [REGISTRATION_STATE.Active, REGISTRATION_STATE.Cancelled];

const COLUMNS = `
  r.id, r.session_id AS "eventSessionId", s.event_id AS "eventId", r.first_name AS "firstName", r.last_name AS "lastName",
         r.email, r.user_tax_id AS "userTaxId", r.telephone_number AS "telephoneNumber", r.registered_at AS "registeredAt",
         r.promoted_at AS "promotedAt", r.state AS status, r.uses_reserved_spot AS "usesReservedSpot", r.language, e.title AS "eventTitle",
         ${sessionInfoSql('s')} AS "sessionInfo",
         c.id IS NOT NULL AS "checkedIn", c.checked_in_at AS "checkedInAt"`;
const CHECK_IN = `LEFT JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL`;
const SELECT = `SELECT ${COLUMNS} ${REGISTRATION_LIST_FROM} ${CHECK_IN}`;

/** A person's fields as staff edit them; the history names the ones changed, never their values. */
interface PersonFields {
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber: string | null;
}
const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'userTaxId', 'telephoneNumber'] as const;

const STATUS_TEXT = { 0: 'Active', 1: 'Cancelled', 2: 'Waiting' } as const;

function toAdmin(
  row: AdminRegistration & {
    registeredAt: Date | string;
    promotedAt: Date | string | null;
    checkedInAt: Date | string | null;
  },
): AdminRegistration {
  return {
    ...row,
    registeredAt: new Date(row.registeredAt).toISOString(),
    promotedAt: row.promotedAt === null ? null : new Date(row.promotedAt).toISOString(),
    checkedInAt: row.checkedInAt === null ? null : new Date(row.checkedInAt).toISOString(),
    statusText: STATUS_TEXT[row.status],
  };
}

/** Staff views and edits of registrations: a session's list, its edits and resends cover active and cancelled ones
 * (waiting entries are edited in the waiting list); the staff search and its export find waiting entries too. */
@Injectable()
export class RegistrationsAdminService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly emailOutbox: EmailOutbox,
    private readonly history: HistoryService,
  ) {}

  /** `checkedIn` ('true' | 'false' from the query): only those who came, or who have not; omitted, everyone. */
  async forSession(sessionId: number, checkedIn?: unknown): Promise<AdminRegistration[]> {
    if (checkedIn !== undefined && checkedIn !== 'true' && checkedIn !== 'false')
      throw AppError.field('checkedIn', 'checkedIn debe ser true o false');
    const [session] = await this.ds.query(`SELECT 1 FROM event_sessions WHERE id = $1`, [sessionId]);
    if (!session) throw AppError.notFound(b.sessionNotFound);
    const rows = await this.ds.query(
      `${SELECT} WHERE r.session_id = $1 AND r.state = ANY($2::int[]) AND ($3::boolean IS NULL OR (c.id IS NOT NULL) = $3)
        ORDER BY r.state, r.registered_at, r.id`,
      [sessionId, REGISTRATIONS, checkedIn === undefined ? null : checkedIn === 'true'],
    );
    return rows.map(toAdmin);
  }

  /** The session's people (active and cancelled) as an Excel file, with 'Asistió' and the check-in time. */
  async exportForSession(sessionId: number): Promise<{ fileName: string; content: Buffer }> {
    const [session] = await this.ds.query(
      `SELECT e.time_zone AS "timeZone" FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId],
    );
    if (!session) throw AppError.notFound(b.sessionNotFound);
    const rows: ExportedRegistration[] = await this.ds.query(
      `SELECT r.id, r.state, r.first_name AS "firstName", r.last_name AS "lastName", r.email,
              r.telephone_number AS "telephoneNumber", r.user_tax_id AS "userTaxId", r.registered_at AS "registeredAt",
              c.checked_in_at AS "checkedInAt", h.first_name || ' ' || h.last_name AS "companionOf"
         FROM registrations r
         LEFT JOIN check_ins c ON c.registration_id = r.id AND c.undone_at IS NULL
         LEFT JOIN registrations h ON h.id = r.holder_registration_id
        WHERE r.session_id = $1 AND r.state = ANY($2::int[])
        ORDER BY r.state, r.registered_at, r.id`,
      [sessionId, REGISTRATIONS],
    );
    return buildRegistrationsExport(sessionId, session.timeZone, rows, new Date());
  }

  /** The staff search (docs/domain.md, "Registros: finding and slicing people"): every state, waiting entries with
   * their position, filtered, sorted and paged by the server. */
  async search(query: RegistrationSearchDto): Promise<Paged<AdminRegistration>> {
    const page = Math.max(1, query.page ?? 1);
    const pageSize = Math.min(100, Math.max(1, query.pageSize ?? 20));
    const { where, params } = this.filtered(query);
    const [{ count }] = await this.ds.query(
      `SELECT count(*)::int AS count ${REGISTRATION_LIST_FROM} WHERE ${where}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT ${COLUMNS}, r.queue_position AS "queuePosition" ${REGISTRATION_LIST_FROM} ${CHECK_IN}
        WHERE ${where} ${registrationListOrder(query)} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { items: rows.map(toAdmin), totalCount: count, totalPages: Math.ceil(count / pageSize), page, pageSize };
  }

  /** Every row the search finds with these filters (all pages), in its order, as an Excel file. */
  async exportSearch(filter: RegistrationFilterDto): Promise<{ fileName: string; content: Buffer }> {
    const { where, params } = this.filtered(filter);
    const rows: ExportedListRow[] = await this.ds.query(
      `SELECT r.id, r.state, r.first_name AS "firstName", r.last_name AS "lastName", r.email,
              r.telephone_number AS "telephoneNumber", r.user_tax_id AS "userTaxId", r.registered_at AS "registeredAt",
              r.queue_position AS "queuePosition", r.uses_reserved_spot AS "usesReservedSpot", e.title AS "eventTitle",
              ${sessionInfoSql('s')} AS "sessionInfo", e.time_zone AS "timeZone", c.checked_in_at AS "checkedInAt"
         ${REGISTRATION_LIST_FROM} ${CHECK_IN}
        WHERE ${where} ${registrationListOrder(filter)}`,
      params,
    );
    return buildRegistrationListExport(rows, new Date());
  }

  private filtered(filter: RegistrationFilterDto) {
    if (filter.registeredFrom && filter.registeredTo && filter.registeredTo < filter.registeredFrom)
      throw AppError.field('registeredTo', REGISTRATION_FILTER_MESSAGES.toBeforeFrom);
    return registrationListWhere(filter);
  }

  async get(id: number): Promise<AdminRegistration> {
    const [row] = await this.ds.query(`${SELECT} WHERE r.id = $1 AND r.state = ANY($2::int[])`, [id, REGISTRATIONS]);
    if (!row) throw AppError.notFound(b.registrationNotFound);
    return toAdmin(row);
  }

  async update(id: number, dto: UpdateRegistrationDto): Promise<AdminRegistration> {
    const errors: Record<string, string[]> = {};
    const firstName = dto.firstName.trim();
    const lastName = dto.lastName.trim();
    const email = dto.email.trim();
    const taxId = dto.userTaxId.trim();
    const phone = dto.telephoneNumber?.trim() || null;
    if (!firstName) errors.firstName = [MESSAGES.user.firstNameRequired];
    if (!lastName) errors.lastName = [b.lastNameRequired];
    if (!email) errors.email = [MESSAGES.user.emailRequired];
    else if (!isValidEmail(email)) errors.email = [MESSAGES.user.emailInvalid];
    if (!taxId) errors.userTaxId = [b.taxIdRequired];
    if (Object.keys(errors).length) throw AppError.validation(errors);
    try {
      await this.ds.transaction(async (m) => {
        const [current]: PersonFields[] = await m.query(
          `SELECT first_name AS "firstName", last_name AS "lastName", email, user_tax_id AS "userTaxId",
                  telephone_number AS "telephoneNumber"
             FROM registrations WHERE id = $1 AND state = ANY($2::int[]) FOR NO KEY UPDATE`,
          [id, REGISTRATIONS],
        );
        if (!current) throw AppError.notFound(b.registrationNotFound);
        const next: PersonFields = {
          firstName,
          lastName,
          email: normalizeEmail(email),
          userTaxId: taxIdToStore(taxId, current.userTaxId),
          telephoneNumber: phone,
        };
        await m.query(
          `UPDATE registrations SET first_name = $2, last_name = $3, email = $4, user_tax_id = $5, telephone_number = $6 WHERE id = $1`,
          [id, next.firstName, next.lastName, next.email, next.userTaxId, next.telephoneNumber],
        );
        // Personal data: the fields' names only.
        const changes = changedFields(current, next, PERSON_FIELDS, () => false);
        if (changes.length)
          await this.history.record(m, { subject: 'registration', ids: [id], action: 'edited', changes });
      });
    } catch (error) {
      throw duplicatePersonConflict(error) ?? error;
    }
    return this.get(id);
  }

  /** Records the registration e-mail again (pending); the mail sender delivers it. */
  async resendEmail(id: number): Promise<{ message: string }> {
    await this.ds.transaction(async (m) => {
      const [row] = await m.query(`SELECT state FROM registrations WHERE id = $1`, [id]);
      if (!row) throw AppError.notFound(b.registrationNotFound);
      if (row.state !== REGISTRATION_STATE.Active) throw AppError.conflict(b.resendOnlyActive);
      await this.emailOutbox.record(m, 'Registration', [id]);
      await this.history.record(m, { subject: 'registration', ids: [id], action: 'emailResent' });
    });
    return { message: b.emailResent };
  }
}
