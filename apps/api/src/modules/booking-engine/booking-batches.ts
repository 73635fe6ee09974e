import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, HOLD_DURATION_MINUTES, REGISTRATION_STATE, SETTING_KEYS } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { runPrepared } from '../../database/named-statement';
import { isPoolWaitTimeout, pgCode } from '../../database/pg-errors';
import { EmailOutbox } from '../email/email-outbox';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { BookingEngine, Hold, NewAttendee, Placed } from './booking-engine.service';
import {
  FIRST_HOLD_BATCH,
  FirstHoldBatchParams,
  PLACE_BATCH,
  PlaceBatchParams,
  peopleValues,
} from './booking-statements';
import { Coalescer, Failed } from './coalescer';

/** How many more times a batch that found no free connection in time is run as a batch before it fails. */
const POOL_WAIT_RETRIES = 1;

interface HoldRequest {
  token: string;
  spots: number;
}

interface PlaceRequest {
  attendees: NewAttendee[];
  token: string;
  ip: string | null;
}

/** Concurrent bookings of one session decided together (docs/domain.md, "Bookings decided together"): the rush's
 * first holds, and public registrations that the one statement can seat, each batch in one statement that locks the
 * session row (for registrations after the callers' unexpired hold rows, the engine's order), admits the requests in arrival order while they fit on the counter (the first that doesn't ends the
 * batch's admissions), takes all their seats with one counter UPDATE and writes all their rows with one INSERT. Each
 * request gets the answer the engine's one-request statement would give it (BookingEngine.firstHold,
 * placePublicAtOnce): its hold or rows, or null for the careful way. A batch of one runs that one-request
 * statement; a batch that fails (a person or token twice, a deadlock, anything) is replayed request by request in their order
 * of arrival, so a request's error is its own. A batch that waited in vain for a connection is run again as a batch,
 * once, then fails as a whole: replayed one by one, each request would wait for a connection again. Across instances
 * the session row still serialises the batches. */
@Injectable()
export class BookingBatches {
  private readonly logger = new Logger(BookingBatches.name);
  private readonly holds = new Coalescer<number, HoldRequest, Hold | null>((id, batch) => this.holdBatch(id, batch));
  private readonly placements = new Coalescer<number, PlaceRequest, Placed[] | null>((id, batch) =>
    this.placeBatch(id, batch),
  );

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly engine: BookingEngine,
    private readonly webhookOutbox: WebhookOutbox,
    private readonly emailOutbox: EmailOutbox,
  ) {}

  /** A token's first hold on a session, decided with the others arriving meanwhile (BookingEngine.firstHold). */
  firstHold(sessionId: number, token: string, spots: number): Promise<Hold | null> {
    return this.holds.submit(sessionId, { token, spots });
  }

  /** A public registration in the common case, decided with the others arriving meanwhile, committed on its own
   * (BookingEngine.placePublicAtOnce outside a transaction): its rows, seated or (in a batch that found the seats
   * taken) queued, or null for the locked way. */
  placePublic(sessionId: number, attendees: NewAttendee[], token: string, ip: string | null): Promise<Placed[] | null> {
    return this.placements.submit(sessionId, { attendees, token, ip });
  }

  private async holdBatch(sessionId: number, batch: HoldRequest[]): Promise<(Hold | null | Failed)[]> {
    if (batch.length === 1) return [await this.engine.firstHold(sessionId, batch[0].token, batch[0].spots)];
    // A token twice in one batch: its later requests go the careful way, as a race of the token with itself does.
    const firsts = firstOfEachToken(batch);
    const requests = batch.filter((_, i) => firsts.has(i));
    let rows: (Hold & { token: string })[];
    try {
      rows = await this.asBatch('reservas', () =>
        runPrepared<Hold & { token: string }, FirstHoldBatchParams>(this.ds, FIRST_HOLD_BATCH, {
          session: sessionId,
          tokens: requests.map((r) => r.token),
          spots: requests.map((r) => r.spots),
          minutesKey: SETTING_KEYS.ticketHoldDurationMinutes,
          live: EVENT_STATUS.Live,
          defaultMinutes: HOLD_DURATION_MINUTES.default,
        }),
      );
    } catch (error) {
      return this.afterFailure('reservas', error, batch, (r) => this.engine.firstHold(sessionId, r.token, r.spots));
    }
    const byToken = new Map(rows.map(({ token, ...hold }) => [token, hold]));
    return batch.map((r, i) => (firsts.has(i) ? (byToken.get(r.token) ?? null) : null));
  }

  private async placeBatch(sessionId: number, batch: PlaceRequest[]): Promise<(Placed[] | null | Failed)[]> {
    const one = async (r: PlaceRequest) => {
      const ids = await this.engine.placePublicAtOnce(this.ds, sessionId, r.attendees, r.token, r.ip);
      return ids && ids.map((id) => ({ id, queuePosition: null }));
    };
    if (batch.length === 1) return [await one(batch[0])];
    // A token twice in one batch would give its hold back twice: its later requests go the locked way.
    const firsts = firstOfEachToken(batch);
    const requests = batch.filter((_, i) => firsts.has(i));
    const people = requests.flatMap((r, i) => r.attendees.map((a) => ({ ...a, request: i + 1, ip: r.ip })));
    let rows: { id: number; email: string; queue_position: number | null; hooks: number }[];
    try {
      rows = await this.asBatch('inscripciones', () =>
        runPrepared<(typeof rows)[number], PlaceBatchParams>(this.ds, PLACE_BATCH, {
          session: sessionId,
          tokens: requests.map((r) => r.token),
          seats: requests.map((r) => r.attendees.length),
          ...peopleValues(people),
          requests: people.map((a) => a.request),
          ips: people.map((a) => a.ip),
          source: 'public',
          active: REGISTRATION_STATE.Active,
          waiting: REGISTRATION_STATE.Waiting,
          emailType: 'Registration',
          webhookType: 'registration.created',
          fullType: 'session.full',
          queueEmailType: 'Queue',
          queueWebhookType: 'registration.queued',
          queueFullType: 'session.waitinglist.full',
        }),
      );
    } catch (error) {
      return this.afterFailure('inscripciones', error, batch, one);
    }
    // Committed on its own: wake the senders of what it wrote (an e-mail a row, embedded newRegistrationEmailsSql).
    if (rows.length && rows[0].hooks > 0) this.webhookOutbox.kick();
    if (rows.length) this.emailOutbox.kick();
    // Every person of an admitted request has a row; the e-mails are unique among them (the unique index).
    const placed = new Map(rows.map((row) => [row.email, { id: row.id, queuePosition: row.queue_position }]));
    return batch.map((r, i) => {
      if (!firsts.has(i) || !placed.has(r.attendees[0].email)) return null;
      return r.attendees.map((a) => placed.get(a.email)!);
    });
  }

  /** Runs a batch's statement; when no connection was free within DB_CONNECT_TIMEOUT_MS (nothing reached the
   * server), once more as it was. */
  private async asBatch<T>(what: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (!isPoolWaitTimeout(error) || attempt >= POOL_WAIT_RETRIES) throw error;
        this.logger.warn(`Lote de ${what} sin conexión libre a tiempo: se repite entero`);
      }
    }
  }

  /** The answers of a batch whose statement failed: a batch still without a connection fails as a whole; any other
   * failure is replayed request by request (a person or a token twice is expected, anything else is noted). */
  private afterFailure<I, R>(
    what: string,
    error: unknown,
    batch: I[],
    one: (input: I) => Promise<R>,
  ): Promise<(R | Failed)[]> | (R | Failed)[] {
    if (isPoolWaitTimeout(error)) return batch.map(() => new Failed(error));
    const code = pgCode(error);
    if (code !== '23505') this.logger.warn(`Lote de ${what} repetido una a una (código ${code ?? 'desconocido'})`);
    return oneByOne(batch, one);
  }
}

/** A failed batch's requests, one after the other in their order of arrival, each with its own answer or error. */
async function oneByOne<I, R>(batch: I[], one: (input: I) => Promise<R>): Promise<(R | Failed)[]> {
  const results: (R | Failed)[] = [];
  for (const input of batch) results.push(await one(input).catch((error: unknown) => new Failed(error)));
  return results;
}

/** The index of the first request of each token in a batch. */
function firstOfEachToken(batch: { token: string }[]): Set<number> {
  const seen = new Set<string>();
  const firsts = new Set<number>();
  batch.forEach((r, i) => {
    if (seen.has(r.token)) return;
    seen.add(r.token);
    firsts.add(i);
  });
  return firsts;
}
