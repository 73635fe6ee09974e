import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Department, MESSAGES } from '@evreg/contracts';
import { Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { containsPattern } from '../../database/sql';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/pg-errors';
import { assignedUsers } from '../users/assigned-users';
import { SaveDepartmentDto } from './dto/department.dto';
import { DepartmentEntity } from './entities/department.entity';

@Injectable()
export class DepartmentsService {
  constructor(@InjectRepository(DepartmentEntity) private readonly repo: Repository<DepartmentEntity>) {}

  async list(search?: string): Promise<Department[]> {
    const query = this.repo.createQueryBuilder('d').orderBy('lower(d.name)');
    if (search?.trim()) query.where('d.name ILIKE :search', { search: containsPattern(search) });
    return (await query.getMany()).map(toDepartment);
  }

  async get(id: number): Promise<Department> {
    const department = await this.repo.findOneBy({ id });
    if (!department) throw AppError.notFound(MESSAGES.department.notFound);
    return toDepartment(department);
  }

  async create(dto: SaveDepartmentDto): Promise<Department> {
    try {
      return toDepartment(await this.repo.save(this.repo.create({ name: dto.name })));
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict(MESSAGES.department.nameTaken, { name: [MESSAGES.department.nameTaken] });
      throw error;
    }
  }

  async update(id: number, dto: SaveDepartmentDto): Promise<Department> {
    await this.get(id);
    try {
      await this.repo.update({ id }, { name: dto.name });
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict(MESSAGES.department.nameTaken, { name: [MESSAGES.department.nameTaken] });
      throw error;
    }
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    await this.get(id);
    try {
      await this.repo.delete({ id });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        const { names, total } = await assignedUsers(this.repo.manager, { departmentId: id });
        throw AppError.conflict(MESSAGES.department.inUse(names, total));
      }
      throw error;
    }
  }
}

function toDepartment(entity: DepartmentEntity): Department {
  return { id: entity.id, name: entity.name };
}
