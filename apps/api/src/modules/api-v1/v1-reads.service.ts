import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { ListQueryDto, RegistrationListQueryDto, WaitingListQueryDto } from './dto/list-query.dto';
import type { EventV1Dto, RegistrationV1Dto, SessionV1Dto, WaitingListEntryV1Dto } from './dto/resources.dto';
import { keysetPage, type KeysetQuery, type Page } from './page';
import {
  EVENT_ROWS,
  REGISTRATION_ROWS,
  SESSION_ROWS,
  STATE_CODE,
  WAITING_ROWS,
  toEvent,
  toRegistration,
  toSession,
  toWaitingEntry,
} from './v1-rows';
import { V1_MESSAGES as M } from './v1-messages';

type Keyset = Omit<KeysetQuery, 'where' | 'params'>;

/** The reads of /api/v1: one keyset page of a list, or one row. Nothing here writes. */
@Injectable()
export class V1ReadsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  listEvents(query: ListQueryDto): Promise<Page<EventV1Dto>> {
    return keysetPage(this.ds, { ...EVENT_ROWS, where: [], params: [] }, query, toEvent, this.config.appSecret);
  }

  getEvent(id: number): Promise<EventV1Dto> {
    return this.one(EVENT_ROWS, id, toEvent, M.eventNotFound);
  }

  async listSessions(eventId: number, query: ListQueryDto): Promise<Page<SessionV1Dto>> {
    const [event] = await this.ds.query(`SELECT 1 FROM events WHERE id = $1`, [eventId]);
    if (!event) throw AppError.notFound(M.eventNotFound);
    return keysetPage(
      this.ds,
      { ...SESSION_ROWS, where: ['s.event_id = $1'], params: [eventId] },
      query,
      toSession,
      this.config.appSecret,
    );
  }

  getSession(id: number): Promise<SessionV1Dto> {
    return this.one(SESSION_ROWS, id, toSession, M.sessionNotFound);
  }

  listRegistrations(query: RegistrationListQueryDto): Promise<Page<RegistrationV1Dto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.eventId !== undefined) where.push(`s.event_id = $${params.push(query.eventId)}`);
    if (query.sessionId !== undefined) where.push(`r.session_id = $${params.push(query.sessionId)}`);
    if (query.state !== undefined) where.push(`r.state = $${params.push(STATE_CODE[query.state])}`);
    return keysetPage(this.ds, { ...REGISTRATION_ROWS, where, params }, query, toRegistration, this.config.appSecret);
  }

  getRegistration(id: number): Promise<RegistrationV1Dto> {
    return this.one(REGISTRATION_ROWS, id, toRegistration, M.registrationNotFound);
  }

  listWaitingEntries(query: WaitingListQueryDto): Promise<Page<WaitingListEntryV1Dto>> {
    const params: unknown[] = [REGISTRATION_STATE.Waiting];
    const where = ['r.state = $1'];
    if (query.eventId !== undefined) where.push(`s.event_id = $${params.push(query.eventId)}`);
    if (query.sessionId !== undefined) where.push(`r.session_id = $${params.push(query.sessionId)}`);
    return keysetPage(this.ds, { ...WAITING_ROWS, where, params }, query, toWaitingEntry, this.config.appSecret);
  }

  async getWaitingEntry(id: number): Promise<WaitingListEntryV1Dto> {
    const [row] = await this.ds.query(
      `SELECT ${WAITING_ROWS.select} FROM ${WAITING_ROWS.from} WHERE r.id = $1 AND r.state = $2`,
      [id, REGISTRATION_STATE.Waiting],
    );
    if (!row) throw AppError.notFound(M.waitingEntryNotFound);
    return toWaitingEntry(row);
  }

  private async one<R, T>(rows: Keyset, id: number, map: (row: R) => T, notFound: string): Promise<T> {
    const [row]: R[] = await this.ds.query(`SELECT ${rows.select} FROM ${rows.from} WHERE ${rows.id} = $1`, [id]);
    if (!row) throw AppError.notFound(notFound);
    return map(row);
  }
}
