import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/http/id-param';
import { Auth } from '../auth/auth.decorators';
import { DepartmentsService } from './departments.service';
import { DepartmentDto, SaveDepartmentDto } from './dto/department.dto';
import { Endpoint } from '../../common/http/endpoint.decorator';

@ApiTags('Departments')
@Controller('department')
export class DepartmentsController {
  constructor(private readonly departments: DepartmentsService) {}

  @Get()
  @Auth({ permission: 'Departments.Read' })
  @Endpoint({ summary: 'Departamentos, ordenados por nombre', ok: [DepartmentDto] })
  @ApiQuery({ name: 'search', required: false })
  list(@Query('search') search?: string) {
    return this.departments.list(search);
  }

  @Get(':id')
  @Auth({ permission: 'Departments.Read' })
  @Endpoint({ summary: 'Un departamento', ok: DepartmentDto, errors: { 404: '' } })
  get(@IdParam() id: number) {
    return this.departments.get(id);
  }

  @Post()
  @Auth({ permission: 'Departments.Create' })
  @Endpoint({
    summary: 'Crear un departamento',
    ok: DepartmentDto,
    status: 201,
    errors: { 400: '', 409: 'Nombre repetido' },
  })
  create(@Body() dto: SaveDepartmentDto) {
    return this.departments.create(dto);
  }

  @Put(':id')
  @Auth({ permission: 'Departments.Update' })
  @Endpoint({ summary: 'Renombrar un departamento', ok: DepartmentDto, errors: { 400: '', 404: '', 409: '' } })
  update(@IdParam() id: number, @Body() dto: SaveDepartmentDto) {
    return this.departments.update(id, dto);
  }

  @Delete(':id')
  @Auth({ permission: 'Departments.Delete' })
  @Endpoint({
    summary: 'Eliminar un departamento sin usuarios',
    status: 204,
    okDescription: '',
    errors: { 404: '', 409: 'Tiene usuarios asignados' },
  })
  async remove(@IdParam() id: number) {
    await this.departments.remove(id);
  }
}
