import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UuidParam } from '../../common/http/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { SessionPrincipal } from '../auth/principal';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';
import { Endpoint } from '../../common/http/endpoint.decorator';

/** Integrations are system settings: Settings.Read lists, Settings.Update creates and revokes. Only signed-in
 * staff manage tokens (a token can't mint or revoke tokens). */
@ApiTags('API tokens')
@Controller('api-tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  @Auth({ permission: 'Settings.Read', staffSessionOnly: true })
  @Endpoint({ summary: 'Tokens de API, los más recientes primero (nunca el token)', ok: [ApiTokenDto] })
  list() {
    return this.tokens.list();
  }

  @Post()
  @Auth({ permission: 'Settings.Update', staffSessionOnly: true })
  @Endpoint({
    summary: 'Crear un token de API para una máquina: responde el token una sola vez',
    ok: CreatedApiTokenDto,
    status: 201,
    errors: { 400: 'Datos no válidos, o permisos que quien lo crea no tiene (errors.permissions)' },
  })
  create(@Body() dto: CreateApiTokenDto, @CurrentPrincipal() creator: SessionPrincipal) {
    return this.tokens.create(dto, creator);
  }

  @Delete(':id')
  @Auth({ permission: 'Settings.Update', staffSessionOnly: true })
  @Endpoint({
    summary: 'Revocar un token de API: deja de funcionar en el acto',
    status: 204,
    okDescription: 'Revocado',
    errors: { 404: '' },
  })
  async remove(@UuidParam() id: string) {
    await this.tokens.remove(id);
  }
}
