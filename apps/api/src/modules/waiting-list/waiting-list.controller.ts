import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { IdParam } from '../../common/http/id-param';
import type { JsonRouteConfig } from '../../common/http/json-body';
import { MessageResponseDto } from '../../common/http/message-response.dto';
import { Auth } from '../auth/auth.decorators';
import {
  PromoteWaitingEntryResponseDto,
  WaitingEntryDto,
  REORDER_MAX_IDS,
  ReorderWaitingListDto,
  UpdateWaitingEntryDto,
} from './dto/waiting-entry.dto';
import { XLSX_CONTENT_TYPE } from './waiting-list-export';
import { WaitingListService } from './waiting-list.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Waiting list')
@Controller('events/queue')
export class WaitingListController {
  constructor(private readonly waitingList: WaitingListService) {}

  @Get('session/:id')
  @Auth({ permission: 'Queues.Read' })
  @Endpoint({
    summary: 'Personas en espera de una sesión, por posición (1..n)',
    ok: [WaitingEntryDto],
    errors: { 404: 'La sesión no existe' },
  })
  list(@IdParam() id: number) {
    return this.waitingList.list(id);
  }

  @Get('session/:id/export')
  @Auth({ permission: 'Queues.Read' })
  @Endpoint({
    summary: 'La lista de espera en Excel',
    description:
      "Hoja 'Lista de espera' con Posición, Nombre, Apellidos, Email, Teléfono, DNI/NIE y Fecha de alta (hora local del evento), por posición. Nombre del fichero: lista-espera-sesion-{id}-{AAAA-MM-DD}.xlsx",
    errors: { 404: 'La sesión no existe' },
  })
  @ApiProduces(XLSX_CONTENT_TYPE)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async export(@IdParam() id: number, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const file = await this.waitingList.export(id);
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.content;
  }

  @Put('reorder')
  @Auth({ permission: 'Registrations.Update' })
  // The whole list travels in the body: more items than the JSON parser allows elsewhere.
  @RouteConfig({ jsonArrayItems: REORDER_MAX_IDS } satisfies JsonRouteConfig)
  @ApiOperation({
    summary:
      'Reordenar la lista: queueIds son todas las personas en espera, en el nuevo orden. Responde la lista nueva',
  })
  @ApiOkResponse({ type: [WaitingEntryDto] })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: "'La lista enviada no coincide con las personas en espera de la sesión' (queueIds)",
  })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto, description: 'La sesión no existe' })
  reorder(@Body() dto: ReorderWaitingListDto) {
    return this.waitingList.reorder(dto);
  }

  @Post(':id/promote')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Promover a una persona a mano',
    description:
      'En cualquier orden y aunque la promoción automática esté bloqueada: ocupa una plaza en línea libre o, si no hay, una plaza reservada sin usar. Registra el email de promoción.',
    ok: PromoteWaitingEntryResponseDto,
    status: 200,
    errors: { 404: 'No es una entrada en espera' },
  })
  @ApiConflictResponse({
    type: ApiErrorResponseDto,
    description: "'No hay plazas libres ni plazas reservadas sin usar para promover'",
  })
  promote(@IdParam() id: number) {
    return this.waitingList.promote(id);
  }

  @Put(':id')
  @Auth({ permission: 'Registrations.Update' })
  @Endpoint({
    summary: 'Editar los datos de una persona en espera',
    ok: WaitingEntryDto,
    errors: {
      400: '',
      404: 'No es una entrada en espera',
      409: 'Email o DNI/NIE ya inscrito o en espera en la sesión',
    },
  })
  update(@IdParam() id: number, @Body() dto: UpdateWaitingEntryDto) {
    return this.waitingList.update(id, dto);
  }

  @Delete(':id')
  @Auth({ permission: 'Registrations.Delete' })
  @Endpoint({
    summary: 'Quitar a una persona de la lista (se borra); las de detrás suben un puesto',
    ok: MessageResponseDto,
    errors: { 404: 'No es una entrada en espera' },
  })
  remove(@IdParam() id: number) {
    return this.waitingList.remove(id);
  }
}
