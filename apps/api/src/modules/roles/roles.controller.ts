import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/api-error.dto';
import { UuidParam } from '../../common/id-param';
import { Auth } from '../auth/auth.decorators';
import { PermissionDto, RoleDto, SaveRoleDto } from './dto/role.dto';
import { RolesService } from './roles.service';

@ApiTags('Roles')
@Controller()
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get('permissions')
  @Auth({ permission: 'Roles.Read' })
  @ApiOperation({ summary: 'Catálogo de permisos Recurso.Acción' })
  @ApiOkResponse({ type: [PermissionDto] })
  permissions() {
    return this.roles.listPermissions();
  }

  @Get('role')
  @Auth({ permission: 'Roles.Read' })
  @ApiOperation({ summary: 'Roles, con búsqueda opcional' })
  @ApiQuery({ name: 'search', required: false, description: 'Nombre o descripción' })
  @ApiOkResponse({ type: [RoleDto] })
  list(@Query('search') search?: string) {
    return this.roles.list(search);
  }

  @Get('role/:id')
  @Auth({ permission: 'Roles.Read' })
  @ApiOperation({ summary: 'Un rol con sus permisos' })
  @ApiOkResponse({ type: RoleDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  get(@UuidParam() id: string) {
    return this.roles.get(id);
  }

  @Post('role')
  @Auth({ permission: 'Roles.Create' })
  @ApiOperation({ summary: 'Crear un rol' })
  @ApiCreatedResponse({ type: RoleDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  create(@Body() dto: SaveRoleDto) {
    return this.roles.create(dto);
  }

  @Put('role/:id')
  @Auth({ permission: 'Roles.Update' })
  @ApiOperation({ summary: 'Editar un rol (los permisos de un rol del sistema no cambian)' })
  @ApiOkResponse({ type: RoleDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  update(@UuidParam() id: string, @Body() dto: SaveRoleDto) {
    return this.roles.update(id, dto);
  }

  @Delete('role/:id')
  @HttpCode(204)
  @Auth({ permission: 'Roles.Delete' })
  @ApiOperation({ summary: 'Eliminar un rol (no los del sistema ni los asignados)' })
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ type: ApiErrorResponseDto, description: 'Rol del sistema (SYSTEM_ROLE)' })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Asignado a usuarios' })
  async remove(@UuidParam() id: string) {
    await this.roles.remove(id);
  }
}
