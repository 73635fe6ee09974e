import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
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
import { UsersService } from './users.service';

@ApiTags('Users')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Auth({ permission: 'Users.Read' })
  @ApiOperation({ summary: 'Usuarios, con búsqueda opcional' })
  @ApiQuery({ name: 'search', required: false, description: 'Email, nombre o departamento' })
  @ApiOkResponse({ type: [UserDto] })
  list(@Query('search') search?: string) {
    return this.users.list(search);
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
