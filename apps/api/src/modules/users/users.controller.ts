import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiExtraModels,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { wantsPage } from '../../common/sorted-page-query';
import { UuidParam } from '../../common/id-param';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import {
  AssignRoleDto,
  CreateUserDto,
  CreateUserResponseDto,
  ResetPasswordDto,
  ResetPasswordResponseDto,
  UpdateUserDto,
  UserDto,
} from './dto/user.dto';
import { ListUsersQueryDto, UserPageDto } from './dto/user-list.dto';
import { UsersService } from './users.service';

@ApiTags('Users')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Auth({ permission: 'Users.Read' })
  @ApiOperation({
    summary: 'Usuarios, con búsqueda y orden opcionales; paginados con page o pageSize',
    description:
      'Sin page ni pageSize responde la lista entera (cada usuario con sus permisos), por fecha de creación o por sort. ' +
      'Con page o pageSize responde una página { items, totalCount, totalPages, page, pageSize } (20 por página, ' +
      'máximo 100) cuyos usuarios no llevan permissions (GET /api/user/{id} los tiene).',
  })
  @ApiExtraModels(UserDto, UserPageDto)
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(UserDto) } }, { $ref: getSchemaPath(UserPageDto) }],
    },
  })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'page, pageSize, sort, order o search no válidos' })
  list(@Query() query: ListUsersQueryDto) {
    return wantsPage(query) ? this.users.page(query) : this.users.list(query);
  }

  @Get(':id')
  @Auth({ permission: 'Users.Read' })
  @ApiOperation({ summary: 'Un usuario' })
  @ApiOkResponse({ type: UserDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  get(@UuidParam() id: string) {
    return this.users.get(id);
  }

  @Post()
  @Auth({ permission: 'Users.Create' })
  @ApiOperation({ summary: 'Crear usuario: responde la contraseña temporal una sola vez' })
  @ApiCreatedResponse({ type: CreateUserResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Email ya registrado' })
  create(@Body() dto: CreateUserDto) {
    return this.users.create(dto);
  }

  @Post('reset-password')
  @HttpCode(200)
  @Auth({ permission: 'Users.Update' })
  @ApiOperation({ summary: 'Restablecer contraseña: sin newPassword se genera una temporal' })
  @ApiOkResponse({ type: ResetPasswordResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.users.resetPassword(dto);
  }

  @Post('assign-role')
  @HttpCode(200)
  @Auth({ permission: 'Users.Update' })
  @ApiOperation({ summary: 'Asignar un rol a un usuario' })
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Dejaría el sistema sin administradores' })
  assignRole(@Body() dto: AssignRoleDto) {
    return this.users.assignRole(dto);
  }

  @Post(':id/unlock')
  @HttpCode(200)
  @Auth({ permission: 'Users.Update' })
  @ApiOperation({
    summary: 'Desbloquear un usuario',
    description:
      'Levanta el bloqueo del personal y el temporal por intentos fallidos de inicio de sesión, y pone a cero los intentos fallidos.',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  unlock(@UuidParam() id: string) {
    return this.users.unlock(id);
  }

  @Put(':id')
  @Auth({ permission: 'Users.Update' })
  @ApiOperation({ summary: 'Editar un usuario' })
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  update(@UuidParam() id: string, @Body() dto: UpdateUserDto, @CurrentPrincipal() actor: Principal) {
    return this.users.update(id, dto, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @Auth({ permission: 'Users.Delete' })
  @ApiOperation({ summary: 'Eliminar un usuario' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  async remove(@UuidParam() id: string, @CurrentPrincipal() actor: Principal) {
    await this.users.remove(id, actor);
  }
}
