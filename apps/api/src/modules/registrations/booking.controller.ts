import { Body, Controller, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { MESSAGES } from '@evreg/contracts';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { AppError } from '../../common/app-error';
import { IdParam } from '../../common/id-param';
import { MessageResponseDto } from '../../common/message-response.dto';
import { SessionTokenHeader } from '../../common/session-token';
import { Public } from '../auth/auth.decorators';
import { BookingService } from './booking.service';
import { CancellationService } from './cancellation.service';
import { AttendeeDto, BulkRegistrationDto, RegistrationResponseDto } from './dto/registration.dto';

const REFUSALS =
  'Rechazo: { statusCode, code, message, title, attendeeErrors? } con los mensajes por persona (índice 0, 1)';
const BLACKLISTED = 'BLACKLISTED (sin fecha ni motivo: la persona los recibe por email)';
const TOO_MANY =
  'TOO_MANY_REQUESTS con Retry-After: demasiados rechazos (lista negra, ya inscrito) para el correo, el token o la IP';

@ApiTags('Reservas (público)')
@Controller()
export class BookingController {
  constructor(
    private readonly booking: BookingService,
    private readonly cancellation: CancellationService,
  ) {}

  @Post('events/sessions/:eventSessionId/registrations')
  @Public()
  @ApiOperation({ summary: 'Inscribir a una persona (consume la reserva del X-Session-Token)' })
  @ApiHeader({ name: 'X-Session-Token', required: false })
  @ApiCreatedResponse({ type: RegistrationResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: `${REFUSALS}: datos no válidos` })
  @ApiForbiddenResponse({ type: ApiErrorResponseDto, description: BLACKLISTED })
  @ApiTooManyRequestsResponse({ type: ApiErrorResponseDto, description: TOO_MANY })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'SESSION_NOT_FOUND' })
  @ApiConflictResponse({
    type: ApiErrorResponseDto,
    description: 'EVENT_NOT_LIVE, REGISTRATION_CLOSED, SESSION_STARTED, FULL, DUPLICATE_REGISTRATION',
  })
  register(
    @IdParam('eventSessionId') sessionId: number,
    @Body() dto: AttendeeDto,
    @SessionTokenHeader() token: string | undefined,
    @Ip() ip: string,
  ) {
    this.assertSameSession(sessionId, [dto]);
    return this.booking.registerPublic(sessionId, [dto], token, ip);
  }

  @Post('events/sessions/:eventSessionId/bulk-registrations')
  @Public()
  @ApiOperation({ summary: 'Inscribir a dos personas (titular y acompañante), todo o nada' })
  @ApiHeader({ name: 'X-Session-Token', required: false })
  @ApiCreatedResponse({ type: RegistrationResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: REFUSALS })
  @ApiForbiddenResponse({ type: ApiErrorResponseDto, description: BLACKLISTED })
  @ApiTooManyRequestsResponse({ type: ApiErrorResponseDto, description: TOO_MANY })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  registerBulk(
    @IdParam('eventSessionId') sessionId: number,
    @Body() dto: BulkRegistrationDto,
    @SessionTokenHeader() token: string | undefined,
    @Ip() ip: string,
  ) {
    this.assertSameSession(sessionId, dto.registrations);
    return this.booking.registerPublic(sessionId, dto.registrations, token, ip);
  }

  @Get('registrations/cancellation/:token')
  @Public()
  @ApiOperation({ summary: 'Qué se cancelará con el enlace del email (sin cancelar)' })
  @ApiOkResponse({
    description:
      'registrationId, firstName, eventTitle, startDate, startTime, endTime, isAllDay, queued, queuePosition',
  })
  @ApiGoneResponse({ type: ApiErrorResponseDto, description: 'Enlace no válido o ya usado' })
  preview(@Param('token') token: string) {
    return this.cancellation.preview(token);
  }

  @Post('registrations/cancellation/:token')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Cancelar con el enlace del email (una sola vez)' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiGoneResponse({ type: ApiErrorResponseDto })
  cancelByToken(@Param('token') token: string) {
    return this.cancellation.cancelByToken(token);
  }

  private assertSameSession(sessionId: number, attendees: AttendeeDto[]): void {
    if (attendees.some((a) => a.eventSessionId !== undefined && a.eventSessionId !== sessionId)) {
      throw AppError.field('eventSessionId', MESSAGES.booking.sessionMismatch);
    }
  }
}
