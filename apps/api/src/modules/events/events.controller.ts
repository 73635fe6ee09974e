import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { IdParam } from '../../common/id-param';
import { Auth } from '../auth/auth.decorators';
import { CreateEventDto, UpdateEventDto } from './dto/event.dto';
import { AdminEventDto, EventCategoryDto } from './dto/views.dto';
import { EventsService } from './events.service';

/** The back office's events. GET /events/{id} is shared with the booking page (public-events.controller.ts):
 * it answers the full staff view to a caller holding Events.Read. */
@ApiTags('Events')
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get('events')
  @Auth({ permission: 'Events.Read' })
  @ApiOperation({ summary: 'Eventos (los más recientes primero) con sus sesiones y totales' })
  @ApiQuery({ name: 'search', required: false, description: 'Título, texto de la descripción, ciudad o lugar' })
  @ApiOkResponse({ type: [AdminEventDto] })
  list(@Query('search') search?: string) {
    return this.events.list(search);
  }

  @Get('events/categories')
  @Auth({ permission: 'Events.Read' })
  @ApiOperation({ summary: 'Categorías de evento, por nombre' })
  @ApiOkResponse({ type: [EventCategoryDto] })
  categories() {
    return this.events.categories();
  }

  @Post('events')
  @Auth({ permission: 'Events.Create' })
  @ApiOperation({ summary: 'Crear evento con el id del sistema de contenidos; la descripción se guarda saneada' })
  @ApiCreatedResponse({ type: AdminEventDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Errores por campo' })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Ya existe un evento con ese id' })
  create(@Body() dto: CreateEventDto) {
    return this.events.create(dto);
  }

  @Put('events/:id')
  @Auth({ permission: 'Events.Update' })
  @ApiOperation({ summary: 'Editar evento; un cambio de zona horaria vuelve a fechar sus sesiones' })
  @ApiOkResponse({ type: AdminEventDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Errores por campo' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  update(@IdParam() id: number, @Body() dto: UpdateEventDto) {
    return this.events.update(id, dto);
  }

  @Delete('events/:id')
  @HttpCode(204)
  @Auth({ permission: 'Events.Delete' })
  @ApiOperation({ summary: 'Eliminar evento y sus sesiones' })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Identificador no válido' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({
    type: ApiErrorResponseDto,
    description: 'Alguna sesión tiene inscripciones o lista de espera',
  })
  async remove(@IdParam() id: number) {
    await this.events.remove(id);
  }
}
