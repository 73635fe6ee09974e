import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { UuidParam } from '../../common/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { SessionPrincipal } from '../auth/principal';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';

/** Integrations are system settings: Settings.Read lists, Settings.Update creates and revokes. Only signed-in
 * staff manage tokens (a token can't mint or revoke tokens). */
@ApiTags('API tokens')
@Controller('api-tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  @Auth({ permission: 'Settings.Read', staffSessionOnly: true })
  @ApiOperation({ summary: 'Tokens de API, los más recientes primero (nunca el token)' })
  @ApiOkResponse({ type: [ApiTokenDto] })
  list() {
    return this.tokens.list();
  }

  @Post()
  @Auth({ permission: 'Settings.Update', staffSessionOnly: true })
  @ApiOperation({ summary: 'Crear un token de API para una máquina: responde el token una sola vez' })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiBadRequestResponse({
    type: ApiErrorResponseDto,
    description: 'Datos no válidos, o permisos que quien lo crea no tiene (errors.permissions)',
  })
  create(@Body() dto: CreateApiTokenDto, @CurrentPrincipal() creator: SessionPrincipal) {
    return this.tokens.create(dto, creator);
  }

  @Delete(':id')
  @HttpCode(204)
  @Auth({ permission: 'Settings.Update', staffSessionOnly: true })
  @ApiOperation({ summary: 'Revocar un token de API: deja de funcionar en el acto' })
  @ApiNoContentResponse({ description: 'Revocado' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  async remove(@UuidParam() id: string) {
    await this.tokens.remove(id);
  }
}
