import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { IdParam } from '../../common/http/id-param';
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
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Blacklist')
@Controller('blacklists')
export class BlacklistController {
  constructor(private readonly blacklist: BlacklistService) {}

  @Get()
  @Auth({ permission: 'Blacklists.Read' })
  @Endpoint({
    summary: 'Entradas de la lista negra, las más recientes primero, paginadas (20 por página, máximo 100)',
    ok: BlacklistPageDto,
    errors: { 400: 'page, pageSize o paginated no válidos' },
  })
  list(@Query() query: ListBlacklistQueryDto) {
    return this.blacklist.list(query);
  }

  @Get('reasons')
  @Auth({ permission: 'Blacklists.Read' })
  @Endpoint({ summary: 'Razones: 0 No Show, 1 Cancelado, 2 Otro', ok: [BlacklistReasonOptionDto] })
  reasons() {
    return this.blacklist.reasons();
  }

  @Get('check/:email')
  @Auth({ permission: 'Blacklists.Read' })
  @Endpoint({
    summary: '¿Está bloqueado ahora este email? (alguna entrada sin expirar)',
    ok: BlacklistCheckDto,
    errors: { 400: 'Email no válido' },
  })
  @ApiParam({ name: 'email', example: 'ana@example.com' })
  check(@Param('email') email: string) {
    return this.blacklist.check(email);
  }

  @Get(':id')
  @Auth({ permission: 'Blacklists.Read' })
  @Endpoint({
    summary: 'Una entrada de la lista negra',
    ok: BlacklistEntryDto,
    errors: { 400: 'id no es un número entero', 404: '' },
  })
  get(@IdParam() id: number) {
    return this.blacklist.get(id);
  }

  @Post()
  @Auth({ permission: 'Blacklists.Create' })
  @Endpoint({
    summary: 'Bloquear a una persona registrada en una sesión',
    description:
      'La persona debe tener un registro (activo, cancelado o en espera) con ese email en la sesión, y la sesión debe ser del evento. ' +
      'Con notificationType 1 queda registrado, en la misma transacción, el email que se le enviará (Registro Emails, pendiente).',
    ok: BlacklistEntryDto,
    status: 201,
  })
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
  @Endpoint({
    summary: 'Cambiar razón, descripción, notificación, expiración, nombre o teléfono (no el email, evento ni sesión)',
    ok: BlacklistEntryDto,
    errors: { 400: '', 404: '' },
  })
  update(@IdParam() id: number, @Body() dto: UpdateBlacklistEntryDto) {
    return this.blacklist.update(id, dto);
  }

  @Delete(':id')
  @Auth({ permission: 'Blacklists.Delete' })
  @Endpoint({
    summary: 'Quitar una entrada: la persona deja de estar bloqueada por ella',
    status: 204,
    okDescription: '',
    errors: { 404: '' },
  })
  async remove(@IdParam() id: number) {
    await this.blacklist.remove(id);
  }
}
