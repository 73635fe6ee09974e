import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { IdParam } from '../../common/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { BlacklistService } from './blacklist.service';
import {
  BlacklistCheckDto,
  BlacklistEntryDto,
  BlacklistPageDto,
  BlacklistReasonOptionDto,
  CreateBlacklistEntryDto,
  ListBlacklistQueryDto,
  UpdateBlacklistEntryDto,
} from './dto/blacklist.dto';

@ApiTags('Blacklist')
@Controller('blacklists')
export class BlacklistController {
  constructor(private readonly blacklist: BlacklistService) {}

  @Get()
  @Auth({ permission: 'Blacklists.Read' })
  @ApiOperation({
    summary: 'Entradas de la lista negra, las más recientes primero, paginadas (20 por página, máximo 100)',
  })
  @ApiOkResponse({ type: BlacklistPageDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'page, pageSize o paginated no válidos' })
  list(@Query() query: ListBlacklistQueryDto) {
    return this.blacklist.list(query);
  }

  @Get('reasons')
  @Auth({ permission: 'Blacklists.Read' })
  @ApiOperation({ summary: 'Razones: 0 No Show, 1 Cancelado, 2 Otro' })
  @ApiOkResponse({ type: [BlacklistReasonOptionDto] })
  reasons() {
    return this.blacklist.reasons();
  }

  @Get('check/:email')
  @Auth({ permission: 'Blacklists.Read' })
  @ApiOperation({ summary: '¿Está bloqueado ahora este email? (alguna entrada sin expirar)' })
  @ApiParam({ name: 'email', example: 'ana@example.com' })
  @ApiOkResponse({ type: BlacklistCheckDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Email no válido' })
  check(@Param('email') email: string) {
    return this.blacklist.check(email);
  }

  @Get(':id')
  @Auth({ permission: 'Blacklists.Read' })
  @ApiOperation({ summary: 'Una entrada de la lista negra' })
  @ApiOkResponse({ type: BlacklistEntryDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'id no es un número entero' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  get(@IdParam() id: number) {
    return this.blacklist.get(id);
  }

  @Post()
  @Auth({ permission: 'Blacklists.Create' })
  @ApiOperation({
    summary: 'Bloquear a una persona registrada en una sesión',
    description:
      'La persona debe tener un registro (activo, cancelado o en espera) con ese email en la sesión, y la sesión debe ser del evento. ' +
      'Con notificationType 1 queda registrado, en la misma transacción, el email que se le enviará (Registro Emails, pendiente).',
  })
  @ApiCreatedResponse({ type: BlacklistEntryDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description:
      "Datos no válidos: 'Debe seleccionar un evento' (eventId), 'Debe seleccionar una sesión del evento' (eventSessionId), " +
      "'El registro seleccionado no tiene email' o la persona no está registrada en la sesión (email), 'Fecha de expiración es requerida', " +
      "'La fecha de expiración no puede ser anterior a hoy' (expiresAt), SMS sin teléfono (phoneNumber)",
  })
  create(@Body() dto: CreateBlacklistEntryDto, @CurrentPrincipal() actor: Principal) {
    return this.blacklist.create(dto, actor);
  }

  @Put(':id')
  @Auth({ permission: 'Blacklists.Update' })
  @ApiOperation({
    summary: 'Cambiar razón, descripción, notificación, expiración, nombre o teléfono (no el email, evento ni sesión)',
  })
  @ApiOkResponse({ type: BlacklistEntryDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  update(@IdParam() id: number, @Body() dto: UpdateBlacklistEntryDto) {
    return this.blacklist.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Auth({ permission: 'Blacklists.Delete' })
  @ApiOperation({ summary: 'Quitar una entrada: la persona deja de estar bloqueada por ella' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  async remove(@IdParam() id: number) {
    await this.blacklist.remove(id);
  }
}
