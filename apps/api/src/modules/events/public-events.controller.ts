import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { isVisitorLanguage, SESSION_TOKEN_HEADER, VISITOR_LANGUAGES, type VisitorLanguage } from '@evreg/contracts';
import { VisitorLanguageHeader } from '../../common/http/visitor-language';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { PublicRead } from '../../common/http/cache/public-read';
import { IdParam } from '../../common/http/id-param';
import { ApiSessionTokenHeader, SessionTokenHeader } from '../../common/http/session-token';
import { CurrentPrincipal, Public } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { AdminEventDto, PublicEventDto, SessionDto } from './dto/views.dto';
import { EventsService } from './events.service';
import { SessionsService } from './sessions.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

const ACCEPT_LANGUAGE = {
  name: 'Accept-Language',
  required: false,
  description:
    'El idioma del visitante (es, ca, eu, gl, en; es por defecto): el título y la descripción del evento en ese idioma si el evento los tiene (translations), en español si no. La respuesta lleva Vary: Accept-Language',
};

/** The booking page's calls. The back office reads the sessions here too (same shape, nothing to hide). */
@ApiTags('Events (público)')
@Controller('events')
export class PublicEventsController {
  constructor(
    private readonly events: EventsService,
    private readonly sessions: SessionsService,
  ) {}

  @Get(':id')
  @Public({ optionalAuth: true })
  // A draft's preview is revalidated on every load, so the organiser sees an edit within the micro-cache's second.
  @PublicRead({
    params: ['id'],
    query: ['showExcerpt'],
    language: true,
    revalidateAlways: (event) => (event as { status?: string }).status === 'Draft',
  })
  @ApiOperation({
    summary: 'Evento para la página de reservas (también en borrador, para previsualizarlo)',
    description:
      'Con un token de personal con Events.Read responde la vista completa del back office (AdminEvent: todos los campos, sesiones y totales).',
  })
  @ApiHeader(ACCEPT_LANGUAGE)
  @ApiQuery({
    name: 'showExcerpt',
    required: false,
    type: Boolean,
    description: 'true: la descripción como ~200 caracteres de texto en un <p>',
  })
  @ApiExtraModels(AdminEventDto)
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(PublicEventDto) }, { $ref: getSchemaPath(AdminEventDto) }] },
  })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Identificador no válido' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'Evento no encontrado' })
  @ApiUnauthorizedResponse({ type: ApiErrorResponseDto, description: 'Se envió un token y no es válido' })
  get(
    @IdParam() id: number,
    @VisitorLanguageHeader() language: VisitorLanguage,
    @Query('showExcerpt') showExcerpt?: boolean,
    @CurrentPrincipal() principal?: Principal,
  ) {
    if (principal && !principal.mustChangePassword && principal.permissions.has('Events.Read'))
      return this.events.get(id);
    return this.events.getPublic(id, {
      excerpt: showExcerpt === true,
      language,
    });
  }

  @Get('sessions/:sessionId/calendar.ics')
  @Public()
  @Endpoint({
    summary: 'La sesión como archivo de calendario (.ics) para añadirla a cualquier agenda',
    description:
      'Sin datos personales: el evento, cuándo, dónde, el organizador y la página de reservas. Se descarga como evento-<id del evento>-<fecha>.ics.',
    errors: { 400: 'Identificador no válido', 404: 'La sesión no existe' },
  })
  @PublicRead({ params: ['sessionId'], query: ['lang'], language: true })
  @ApiHeader(ACCEPT_LANGUAGE)
  @ApiQuery({
    name: 'lang',
    required: false,
    enum: VISITOR_LANGUAGES,
    description:
      'El idioma del archivo; manda sobre Accept-Language (un enlace de descarga no elige cabeceras: la página de reservas pone el suyo). Otro valor se ignora',
  })
  @Header('content-type', 'text/calendar; charset=utf-8')
  @ApiProduces('text/calendar')
  @ApiOkResponse({
    description: 'iCalendar (RFC 5545), con Content-Disposition: attachment',
    content: { 'text/calendar': { schema: { type: 'string', example: 'BEGIN:VCALENDAR…END:VCALENDAR' } } },
  })
  async calendar(
    @IdParam('sessionId') sessionId: number,
    @Res({ passthrough: true }) reply: FastifyReply,
    @VisitorLanguageHeader() language: VisitorLanguage,
    @Query('lang') lang?: string,
  ) {
    const { filename, content } = await this.sessions.calendar(sessionId, isVisitorLanguage(lang) ? lang : language);
    reply.header('content-disposition', `attachment; filename="${filename}"`);
    return content;
  }

  @Get(':eventId/sessions')
  @Public()
  @Endpoint({
    summary: 'Todas las sesiones del evento (también las pasadas), por fecha de inicio, con plazas en vivo',
    ok: [SessionDto],
    errors: { 400: 'Identificador o X-Session-Token no válido', 404: 'Evento no encontrado' },
  })
  @PublicRead({
    params: ['eventId'],
    query: ['showEventDetails'],
    visitorHeader: SESSION_TOKEN_HEADER,
    language: true,
  })
  @ApiHeader(ACCEPT_LANGUAGE)
  @ApiSessionTokenHeader({
    required: false,
    description: 'Token del visitante: sus propias retenciones no restan de availableSpots',
  })
  @ApiQuery({
    name: 'showEventDetails',
    required: false,
    type: Boolean,
    description: 'true: cada sesión incluye `event`',
  })
  @ApiQuery({
    name: '_',
    required: false,
    type: String,
    description: 'Antiprocaché: se ignora (igual que t y cualquier otro parámetro)',
  })
  @ApiQuery({ name: 't', required: false, type: String, description: 'Antiprocaché: se ignora' })
  list(
    @IdParam('eventId') eventId: number,
    @VisitorLanguageHeader() language: VisitorLanguage,
    @Query('showEventDetails') showEventDetails?: boolean,
    @SessionTokenHeader() sessionToken?: string,
  ) {
    return this.sessions.list(eventId, {
      showEventDetails: showEventDetails === true,
      sessionToken,
      language,
    });
  }
}
