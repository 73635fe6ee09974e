import { Body, Controller, Get, Ip, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { MESSAGES, type VisitorLanguage } from '@evreg/contracts';
import { VisitorLanguageHeader } from '../../common/http/visitor-language';
import { AppError } from '../../common/http/app-error';
import { IdParam } from '../../common/http/id-param';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { ApiServiceUnavailable, RETRY_AFTER_HEADER } from '../../common/http/service-unavailable';
import { ApiSessionTokenHeader, SessionTokenHeader } from '../../common/http/session-token';
import { Public } from '../auth/auth.decorators';
import { AttendeeFieldErrorsInterceptor } from './attendee-field-errors.interceptor';
import { BookingService } from './booking.service';
import { CancellationService } from './cancellation.service';
import {
  AttendeeDto,
  BulkRegistrationDto,
  CancellationPreviewDto,
  RegistrationErrorDto,
  RegistrationRefusalDto,
  RegistrationResponseDto,
} from './dto/registration.dto';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CountBookingDecisions } from '../../observability/booking-decisions.interceptor';

const REFUSALS =
  'Rechazo: { statusCode, code, message, title, attendeeErrors? } con los mensajes por persona (índice 0, 1); un cuerpo que no es una inscripción: errors por campo, sin title';
const CONFLICTS = 'EVENT_NOT_LIVE, REGISTRATION_CLOSED, SESSION_STARTED, FULL, DUPLICATE_REGISTRATION';
const BLACKLISTED = 'BLACKLISTED (sin fecha ni motivo: la persona los recibe por email)';
const TOO_MANY = {
  type: RegistrationRefusalDto,
  description:
    'TOO_MANY_REQUESTS con Retry-After: demasiados rechazos (lista negra, ya inscrito) para el correo, el token o la IP',
  headers: RETRY_AFTER_HEADER,
};

/** The language the visitor books in: stored with each registration; their e-mails and SMS go out in it. */
const BOOKING_LANGUAGE = {
  name: 'Accept-Language',
  required: false,
  description:
    'El idioma de la página (es, ca, eu, gl, en; es por defecto): se guarda con la inscripción (también la del acompañante) y sus emails y SMS se envían en él',
};

@ApiTags('Reservas (público)')
@Controller()
export class BookingController {
  constructor(
    private readonly booking: BookingService,
    private readonly cancellation: CancellationService,
  ) {}

  @Post('events/sessions/:eventSessionId/registrations')
  @Public()
  @Endpoint({
    summary: 'Inscribir a una persona (consume la reserva del X-Session-Token)',
    ok: RegistrationResponseDto,
    status: 201,
    errors: {
      400: { type: RegistrationErrorDto, description: `${REFUSALS}: datos no válidos` },
      403: { type: RegistrationRefusalDto, description: BLACKLISTED },
      404: { type: RegistrationRefusalDto, description: 'SESSION_NOT_FOUND' },
      409: { type: RegistrationRefusalDto, description: CONFLICTS },
    },
  })
  @UseInterceptors(new CountBookingDecisions('registration'), AttendeeFieldErrorsInterceptor)
  @ApiSessionTokenHeader({ required: false })
  @ApiHeader(BOOKING_LANGUAGE)
  @ApiTooManyRequestsResponse(TOO_MANY)
  @ApiServiceUnavailable(RegistrationErrorDto)
  register(
    @IdParam('eventSessionId') sessionId: number,
    @Body() dto: AttendeeDto,
    @SessionTokenHeader() token: string | undefined,
    @Ip() ip: string,
    @VisitorLanguageHeader() language: VisitorLanguage,
  ) {
    this.assertSameSession(sessionId, [dto]);
    return this.booking.registerPublic(sessionId, [dto], token, ip, language);
  }

  @Post('events/sessions/:eventSessionId/bulk-registrations')
  @Public()
  @Endpoint({
    summary: 'Inscribir a dos personas (titular y acompañante), todo o nada',
    ok: RegistrationResponseDto,
    status: 201,
    errors: {
      400: { type: RegistrationErrorDto, description: REFUSALS },
      403: { type: RegistrationRefusalDto, description: BLACKLISTED },
      404: { type: RegistrationRefusalDto, description: 'SESSION_NOT_FOUND' },
      409: { type: RegistrationRefusalDto, description: CONFLICTS },
    },
  })
  @UseInterceptors(new CountBookingDecisions('registration'), AttendeeFieldErrorsInterceptor)
  @ApiSessionTokenHeader({ required: false })
  @ApiHeader(BOOKING_LANGUAGE)
  @ApiTooManyRequestsResponse(TOO_MANY)
  @ApiServiceUnavailable(RegistrationErrorDto)
  registerBulk(
    @IdParam('eventSessionId') sessionId: number,
    @Body() dto: BulkRegistrationDto,
    @SessionTokenHeader() token: string | undefined,
    @Ip() ip: string,
    @VisitorLanguageHeader() language: VisitorLanguage,
  ) {
    this.assertSameSession(sessionId, dto.registrations);
    return this.booking.registerPublic(sessionId, dto.registrations, token, ip, language);
  }

  @Get('registrations/cancellation/:token')
  @Public()
  @Endpoint({
    summary: 'Qué se cancelará con el enlace del email (sin cancelar)',
    ok: CancellationPreviewDto,
    errors: { 410: 'Enlace no válido o ya usado' },
  })
  preview(@Param('token') token: string) {
    return this.cancellation.preview(token);
  }

  @Post('registrations/cancellation/:token')
  @Public()
  @Endpoint({
    summary: 'Cancelar con el enlace del email (una sola vez)',
    ok: MessageResponseDto,
    status: 200,
    errors: { 410: '' },
  })
  cancelByToken(@Param('token') token: string) {
    return this.cancellation.cancelByToken(token);
  }

  private assertSameSession(sessionId: number, attendees: AttendeeDto[]): void {
    if (namesOtherSession(sessionId, attendees))
      throw AppError.field('eventSessionId', MESSAGES.booking.sessionMismatch);
  }
}

/** Whether an attendee of the body names a session other than the path's (a 400 on the Nest path; the early refusals
 * leave such a body to it). */
export function namesOtherSession(sessionId: number, attendees: { eventSessionId?: unknown }[]): boolean {
  return attendees.some((a) => a.eventSessionId !== undefined && a.eventSessionId !== sessionId);
}
