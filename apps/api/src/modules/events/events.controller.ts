import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { MESSAGES, type VisitorLanguage } from '@evreg/contracts';
import { VisitorLanguageHeader } from '../../common/http/visitor-language';
import { PublicRead } from '../../common/http/cache/public-read';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { AppError } from '../../common/http/app-error';
import { IdParam } from '../../common/http/id-param';
import { wantsPage } from '../../common/http/sorted-page-query';
import { Auth, CurrentPrincipal, Public } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { permissionsFingerprint } from '../auth/tokens';
import { CreateEventDto, UpdateEventDto } from './dto/event.dto';
import { EventPageDto, ListEventsQueryDto } from './dto/event-list.dto';
import { AdminEventDto, EventCategoryDto } from './dto/views.dto';
import { EventsService } from './events.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

const PUBLIC_ORDER_FIXED = 'La lista pública tiene un orden fijo (por la próxima sesión): no admite sort ni order';
const EXCERPT_PUBLIC_ONLY = 'El campo "showExcerpt" solo se admite con public=true';

/** What the access guard does for an @Auth({ permission: 'Events.Read' }) route, for GET /events without
 * public=true: the route itself is public so that public=true needs no token (docs/domain.md, "The public list
 * of events"). */
function requireEventsRead(principal: Principal | undefined): void {
  if (!principal) throw AppError.unauthorized();
  if (principal.mustChangePassword)
    throw AppError.forbidden(MESSAGES.auth.mustChangePassword, 'PASSWORD_CHANGE_REQUIRED');
  if (!principal.permissions.has('Events.Read')) {
    // As the guard: a staff session that signed in with other permissions is told so (the back office signs out).
    const signedInWith = principal.kind === 'session' ? principal.permissionsAtSignIn : undefined;
    if (signedInWith && signedInWith !== permissionsFingerprint(principal.permissions))
      throw AppError.forbidden(MESSAGES.auth.permissionsChanged, 'PERMISSIONS_CHANGED');
    throw AppError.forbidden();
  }
}

/** The back office's events. GET /events/{id} is shared with the booking page (public-events.controller.ts):
 * it answers the full staff view to a caller holding Events.Read. */
@ApiTags('Events')
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get('events')
  @Public({ optionalAuth: true })
  // The public list is a read a CDN can carry (docs/architecture.md, "Reads a CDN can carry"); staff requests carry
  // Authorization and are answered live, and a refusal (no public=true, no token) is never stored.
  @PublicRead({
    params: [],
    query: ['public', 'page', 'pageSize', 'search', 'showExcerpt', 'sort', 'order'],
    language: true,
  })
  @ApiOperation({
    summary: 'Eventos con sus sesiones y totales (Events.Read); con public=true, la lista pública sin token',
    description:
      'Sin public=true hace falta un token con Events.Read (401 sin token, 403 sin el permiso). Sin page ni pageSize ' +
      'responde la lista entera (los más recientes primero, o por sort); con page o pageSize, una página ' +
      '{ items, totalCount, totalPages, page, pageSize } (20 por página, máximo 100). ' +
      'Con public=true responde, a cualquiera y siempre paginada, los eventos publicados (Live) y públicos en su vista ' +
      'pública (la de GET /api/events/{id} sin token, ningún dato del personal), cada uno con sus sesiones que aún no ' +
      'han empezado; primero el evento cuya próxima sesión empieza antes. Admite search, page, pageSize y ' +
      'showExcerpt; su orden es fijo (sort y order se rechazan).',
  })
  @ApiExtraModels(AdminEventDto, EventPageDto)
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(AdminEventDto) } }, { $ref: getSchemaPath(EventPageDto) }],
    },
  })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'public, page, pageSize, sort, order, search o showExcerpt no válidos',
  })
  @ApiUnauthorizedResponse({ type: ApiErrorResponseDto, description: 'Sin public=true: sin token o token no válido' })
  @ApiForbiddenResponse({ type: ApiErrorResponseDto, description: 'Sin public=true: falta el permiso Events.Read' })
  list(
    @Query() query: ListEventsQueryDto,
    @VisitorLanguageHeader() language: VisitorLanguage,
    @CurrentPrincipal() principal?: Principal,
  ) {
    if (query.public === true) {
      if (query.sort !== undefined || query.order !== undefined)
        throw AppError.field(query.sort !== undefined ? 'sort' : 'order', PUBLIC_ORDER_FIXED);
      return this.events.publicPage(query, language);
    }
    requireEventsRead(principal);
    if (query.showExcerpt !== undefined) throw AppError.field('showExcerpt', EXCERPT_PUBLIC_ONLY);
    return wantsPage(query) ? this.events.page(query) : this.events.list(query);
  }

  @Get('events/categories')
  @Auth({ permission: 'Events.Read' })
  @Endpoint({ summary: 'Categorías de evento, por nombre', ok: [EventCategoryDto] })
  categories() {
    return this.events.categories();
  }

  @Post('events')
  @Auth({ permission: 'Events.Create' })
  @Endpoint({
    summary: 'Crear evento con el id del sistema de contenidos; la descripción se guarda saneada',
    ok: AdminEventDto,
    status: 201,
    errors: { 400: 'Errores por campo', 409: 'Ya existe un evento con ese id' },
  })
  create(@Body() dto: CreateEventDto) {
    return this.events.create(dto);
  }

  @Put('events/:id')
  @Auth({ permission: 'Events.Update' })
  @Endpoint({
    summary: 'Editar evento; un cambio de zona horaria vuelve a fechar sus sesiones',
    ok: AdminEventDto,
    errors: { 400: 'Errores por campo', 404: '' },
  })
  update(@IdParam() id: number, @Body() dto: UpdateEventDto) {
    return this.events.update(id, dto);
  }

  @Delete('events/:id')
  @Auth({ permission: 'Events.Delete' })
  @Endpoint({
    summary: 'Eliminar evento y sus sesiones',
    status: 204,
    okDescription: '',
    errors: { 400: 'Identificador no válido', 404: '', 409: 'Alguna sesión tiene inscripciones o lista de espera' },
  })
  async remove(@IdParam() id: number) {
    await this.events.remove(id);
  }
}
