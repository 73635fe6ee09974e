import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { UuidParam } from '../../common/http/id-param';
import { Auth } from '../auth/auth.decorators';
import { PermissionDto, RoleDto, SaveRoleDto } from './dto/role.dto';
import { RolesService } from './roles.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Roles')
@Controller()
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get('permissions')
  @Auth({ permission: 'Roles.Read' })
  @Endpoint({ summary: 'Catálogo de permisos Recurso.Acción', ok: [PermissionDto] })
  permissions() {
    return this.roles.listPermissions();
  }

  @Get('role')
  @Auth({ permission: 'Roles.Read' })
  @Endpoint({ summary: 'Roles, con búsqueda opcional', ok: [RoleDto] })
  @ApiQuery({ name: 'search', required: false, description: 'Nombre o descripción' })
  list(@Query('search') search?: string) {
    return this.roles.list(search);
  }

  @Get('role/:id')
  @Auth({ permission: 'Roles.Read' })
  @Endpoint({ summary: 'Un rol con sus permisos', ok: RoleDto, errors: { 404: '' } })
  get(@UuidParam() id: string) {
    return this.roles.get(id);
  }

  @Post('role')
  @Auth({ permission: 'Roles.Create' })
  @Endpoint({ summary: 'Crear un rol', ok: RoleDto, status: 201, errors: { 400: '', 409: '' } })
  create(@Body() dto: SaveRoleDto) {
    return this.roles.create(dto);
  }

  @Put('role/:id')
  @Auth({ permission: 'Roles.Update' })
  @Endpoint({
    summary: 'Editar un rol (los permisos de un rol del sistema no cambian)',
    ok: RoleDto,
    errors: { 400: '', 404: '', 409: '' },
  })
  update(@UuidParam() id: string, @Body() dto: SaveRoleDto) {
    return this.roles.update(id, dto);
  }

  @Delete('role/:id')
  @Auth({ permission: 'Roles.Delete' })
  @Endpoint({
    summary: 'Eliminar un rol (no los del sistema ni los asignados)',
    status: 204,
    okDescription: '',
    errors: { 403: 'Rol del sistema (SYSTEM_ROLE)', 404: '', 409: 'Asignado a usuarios' },
  })
  async remove(@UuidParam() id: string) {
    await this.roles.remove(id);
  }
}
