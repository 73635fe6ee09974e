import { Injectable } from '@nestjs/common';
import { MAX_ATTENDEES_PER_BOOKING } from '@evreg/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appErrorBody, sendErrorBody } from '../../common/http/all-exceptions.filter';
import type { AppError } from '../../common/http/app-error';
import { acceptFlatBody, isPlainObject } from '../../common/http/flat-body';
import { parseId } from '../../common/http/id-param';
import { sessionTokenOf } from '../../common/http/session-token';
import { unstorableFields } from '../../common/http/validation';
import { refused } from '../../observability/metrics';
import { SessionRoom } from '../booking-engine/session-room';
import { TicketHoldDto } from '../holds/dto/hold.dto';
import { HoldsService } from '../holds/holds.service';
import { namesOtherSession } from './booking.controller';
import { BookingService } from './booking.service';
import { AttendeeDto } from './dto/registration.dto';

/** The routes answered here, as registered (with the global prefix). */
const HOLD = '/api/ticketholds';
const REGISTRATION = '/api/events/sessions/:eventSessionId/registrations';
const BULK = '/api/events/sessions/:eventSessionId/bulk-registrations';

type Body = Record<string, unknown>;

/** No text with a NUL byte, no integer beyond int4: what the validation pipe refuses around the DTO's own rules. */
function storable(body: unknown): boolean {
  return Object.keys(unstorableFields(body, { integers: true })).length === 0;
}

/**
 * Refusals before Nest (docs/domain.md, "Refusals without a round trip"; docs/architecture.md, "A request"): a Fastify
 * preHandler on the public hold and registration routes that answers, from memory, the refusals the Nest path would
 * answer from memory for the same request (HoldsService / BookingService `refusalFromMemory`), without the guards,
 * interceptors, pipe, thrown error and filter. It answers only a request everything on the Nest path would accept
 * up to that refusal: the body the pipe accepts as is (flat-body.ts, storable values), a valid path id and
 * X-Session-Token, the attendees naming the path's session, the attendee rules passed; anything else, and every
 * request outside a full session, goes on to Nest unchanged. The answer is written by the exception filter's own
 * function and counted as CountBookingDecisions counts it.
 */
@Injectable()
export class EarlyRefusals {
  /** Off only in a test comparing these answers with the Nest path's. */
  enabled = true;

  constructor(
    private readonly room: SessionRoom,
    private readonly holds: HoldsService,
    private readonly booking: BookingService,
  ) {}

  install(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', (request, reply, done) => {
      const refusal = this.enabled && request.method === 'POST' ? this.refusalOf(request) : null;
      if (!refusal) return done();
      refused(refusal.code);
      if (refusal.headers) void reply.headers(refusal.headers);
      void sendErrorBody(request, reply, appErrorBody(refusal));
    });
  }

  /** The refusal the Nest path would answer from memory for this request, or null. */
  refusalOf(request: FastifyRequest): AppError | null {
    switch (request.routeOptions.url) {
      case HOLD:
        return this.holdRefusal(request.body);
      case REGISTRATION:
        return this.registrationRefusal(request, false);
      case BULK:
        return this.registrationRefusal(request, true);
      default:
        return null;
    }
  }

  private holdRefusal(body: unknown): AppError | null {
    if (!isPlainObject(body) || typeof body.eventSessionId !== 'number') return null;
    if (!this.room.decidesFromMemory(body.eventSessionId)) return null;
    const dto = acceptFlatBody(TicketHoldDto, body) as TicketHoldDto | undefined;
    if (!dto || !storable(body)) return null;
    return this.holds.refusalFromMemory(dto.eventSessionId, dto.sessionToken, dto.numberOfSpots ?? 1);
  }

  private registrationRefusal(request: FastifyRequest, bulk: boolean): AppError | null {
    const sessionId = parseId((request.params as Body | undefined)?.eventSessionId);
    if (sessionId === null || !this.room.decidesFromMemory(sessionId)) return null;
    const attendees = bulk ? this.bulkAttendees(request.body) : this.attendee(request.body);
    if (!attendees || !storable(request.body) || namesOtherSession(sessionId, attendees)) return null;
    const token = sessionTokenOf(request);
    if (token === null) return null;
    return this.booking.refusalFromMemory(sessionId, attendees, token);
  }

  private attendee(body: unknown): AttendeeDto[] | null {
    const dto = acceptFlatBody(AttendeeDto, body) as AttendeeDto | undefined;
    return dto ? [dto] : null;
  }

  /** BulkRegistrationDto as the pipe accepts it: `registrations` alone, a list of at most MAX_ATTENDEES_PER_BOOKING
   * (its ArrayMaxSize, 2) flat attendees. */
  private bulkAttendees(body: unknown): AttendeeDto[] | null {
    if (!isPlainObject(body)) return null;
    const keys = Object.keys(body);
    const list = body.registrations;
    if (keys.length !== 1 || !Array.isArray(list) || list.length > MAX_ATTENDEES_PER_BOOKING) return null;
    const attendees: AttendeeDto[] = [];
    for (const item of list) {
      const dto = acceptFlatBody(AttendeeDto, item) as AttendeeDto | undefined;
      if (!dto) return null;
      attendees.push(dto);
    }
    return attendees;
  }
}
