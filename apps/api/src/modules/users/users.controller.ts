import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { wantsPage } from '../../common/http/sorted-page-query';
import { UuidParam } from '../../common/http/id-param';
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
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Users')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Auth({ permission: 'Users.Read' })
  @Endpoint({
    summary: 'Usuarios, con búsqueda y orden opcionales; paginados con page o pageSize',
    description:
      'Sin page ni pageSize responde la lista entera (cada usuario con sus permisos), por fecha de creación o por sort. ' +
      'Con page o pageSize responde una página { items, totalCount, totalPages, page, pageSize } (20 por página, ' +
      'máximo 100) cuyos usuarios no llevan permissions (GET /api/user/{id} los tiene).',
    errors: { 400: 'page, pageSize, sort, order o search no válidos' },
  })
  @ApiExtraModels(UserDto, UserPageDto)
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(UserDto) } }, { $ref: getSchemaPath(UserPageDto) }],
    },
  })
  list(@Query() query: ListUsersQueryDto) {
    return wantsPage(query) ? this.users.page(query) : this.users.list(query);
  }

  @Get(':id')
  @Auth({ permission: 'Users.Read' })
  @Endpoint({ summary: 'Un usuario', ok: UserDto, errors: { 404: '' } })
  get(@UuidParam() id: string) {
    return this.users.get(id);
  }

  @Post()
  @Auth({ permission: 'Users.Create' })
  @Endpoint({
    summary: 'Crear usuario: responde la contraseña temporal una sola vez',
    ok: CreateUserResponseDto,
    status: 201,
    errors: { 400: '', 409: 'Email ya registrado' },
  })
  create(@Body() dto: CreateUserDto) {
    return this.users.create(dto);
  }

  @Post('reset-password')
  @Auth({ permission: 'Users.Update' })
  @Endpoint({
    summary: 'Restablecer contraseña: sin newPassword se genera una temporal',
    ok: ResetPasswordResponseDto,
    status: 200,
    errors: { 400: '', 404: '' },
  })
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.users.resetPassword(dto);
  }

  @Post('assign-role')
  @Auth({ permission: 'Users.Update' })
  @Endpoint({
    summary: 'Asignar un rol a un usuario',
    ok: UserDto,
    status: 200,
    errors: { 400: '', 404: '', 409: 'Dejaría el sistema sin administradores' },
  })
  assignRole(@Body() dto: AssignRoleDto) {
    return this.users.assignRole(dto);
  }

  @Post(':id/unlock')
  @Auth({ permission: 'Users.Update' })
  @Endpoint({
    summary: 'Desbloquear un usuario',
    description:
      'Levanta el bloqueo del personal y el temporal por intentos fallidos de inicio de sesión, y pone a cero los intentos fallidos.',
    ok: UserDto,
    status: 200,
    errors: { 404: '' },
  })
  unlock(@UuidParam() id: string) {
    return this.users.unlock(id);
  }

  @Put(':id')
  @Auth({ permission: 'Users.Update' })
  @Endpoint({ summary: 'Editar un usuario', ok: UserDto, errors: { 400: '', 404: '', 409: '' } })
  update(@UuidParam() id: string, @Body() dto: UpdateUserDto, @CurrentPrincipal() actor: Principal) {
    return this.users.update(id, dto, actor);
  }

  @Delete(':id')
  @Auth({ permission: 'Users.Delete' })
  @Endpoint({ summary: 'Eliminar un usuario', status: 204, okDescription: '', errors: { 404: '', 409: '' } })
  async remove(@UuidParam() id: string, @CurrentPrincipal() actor: Principal) {
    await this.users.remove(id, actor);
  }
}
