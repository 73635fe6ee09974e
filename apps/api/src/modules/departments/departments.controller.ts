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
import { IdParam } from '../../common/id-param';
import { Auth } from '../auth/auth.decorators';
import { DepartmentsService } from './departments.service';
import { DepartmentDto, SaveDepartmentDto } from './dto/department.dto';

@ApiTags('Departments')
@Controller('department')
export class DepartmentsController {
  constructor(private readonly departments: DepartmentsService) {}

  @Get()
  @Auth({ permission: 'Departments.Read' })
  @ApiOperation({ summary: 'Departamentos, ordenados por nombre' })
  @ApiQuery({ name: 'search', required: false })
  @ApiOkResponse({ type: [DepartmentDto] })
  list(@Query('search') search?: string) {
    return this.departments.list(search);
  }

  @Get(':id')
  @Auth({ permission: 'Departments.Read' })
  @ApiOperation({ summary: 'Un departamento' })
  @ApiOkResponse({ type: DepartmentDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  get(@IdParam() id: number) {
    return this.departments.get(id);
  }

  @Post()
  @Auth({ permission: 'Departments.Create' })
  @ApiOperation({ summary: 'Crear un departamento' })
  @ApiCreatedResponse({ type: DepartmentDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Nombre repetido' })
  create(@Body() dto: SaveDepartmentDto) {
    return this.departments.create(dto);
  }

  @Put(':id')
  @Auth({ permission: 'Departments.Update' })
  @ApiOperation({ summary: 'Renombrar un departamento' })
  @ApiOkResponse({ type: DepartmentDto })
  @ApiBadRequestResponse({ type: ApiErrorResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto })
  update(@IdParam() id: number, @Body() dto: SaveDepartmentDto) {
    return this.departments.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Auth({ permission: 'Departments.Delete' })
  @ApiOperation({ summary: 'Eliminar un departamento sin usuarios' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ApiErrorResponseDto })
  @ApiConflictResponse({ type: ApiErrorResponseDto, description: 'Tiene usuarios asignados' })
  async remove(@IdParam() id: number) {
    await this.departments.remove(id);
  }
}
