import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { MESSAGES, Permission, Role } from '@evreg/contracts';
import { DataSource, In, Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { containsPattern } from '../../database/sql';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/pg-errors';
import { assignedUsers } from '../users/assigned-users';
import { SaveRoleDto } from './dto/role.dto';
import { PermissionEntity } from './entities/permission.entity';
import { RoleEntity } from './entities/role.entity';

@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    @InjectRepository(PermissionEntity) private readonly permissions: Repository<PermissionEntity>,
  ) {}

  async listPermissions(): Promise<Permission[]> {
    const all = await this.permissions.find({ order: { resource: 'ASC', id: 'ASC' } });
    return all.map(toPermission);
  }

  async list(search?: string): Promise<Role[]> {
    const query = this.roles
      .createQueryBuilder('r')
      .leftJoinAndSelect('r.permissions', 'p')
      .orderBy('r.is_system_role', 'DESC')
      .addOrderBy('lower(r.name)')
      .addOrderBy('p.id');
    if (search?.trim()) {
      query.where('(r.name ILIKE :s OR r.description ILIKE :s)', { s: containsPattern(search) });
    }
    return (await query.getMany()).map(toRole);
  }

  async get(id: string): Promise<Role> {
    return toRole(await this.find(id));
  }

  private async find(id: string): Promise<RoleEntity> {
    const role = await this.roles.findOne({
      where: { id },
      relations: { permissions: true },
      order: { permissions: { id: 'ASC' } },
    });
    if (!role) throw AppError.notFound(MESSAGES.role.notFound);
    return role;
  }

  async create(dto: SaveRoleDto): Promise<Role> {
    const permissions = await this.resolvePermissions(dto.permissionIds);
    const saved = await this.saveUnique(
      this.roles.create({ name: dto.name, description: dto.description || null, isSystemRole: false, permissions }),
    );
    return this.get(saved.id);
  }

  async update(id: string, dto: SaveRoleDto): Promise<Role> {
    const role = await this.find(id);
    const permissions = await this.resolvePermissions(dto.permissionIds);
    if (role.isSystemRole && !sameIds(role.permissions, permissions)) {
      // The administrator role keeps every permission, so there is always a way back in.
      throw AppError.field('permissionIds', MESSAGES.role.systemNotEditable);
    }
    if (role.isSystemRole && role.name !== dto.name) {
      // The seed and the last-administrator check find the administrator role by its name.
      throw AppError.field('name', MESSAGES.role.systemNotRenamable);
    }
    role.name = dto.name;
    role.description = dto.description || null;
    role.permissions = permissions;
    await this.saveUnique(role);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    const role = await this.find(id);
    if (role.isSystemRole) throw AppError.forbidden(MESSAGES.role.systemNotDeletable, 'SYSTEM_ROLE');
    // The foreign key decides (ON DELETE RESTRICT), so a user given the role meanwhile is never left without it.
    try {
      await this.roles.delete({ id });
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      const { names, total } = await assignedUsers(this.ds, { roleId: id });
      throw AppError.conflict(MESSAGES.role.inUse(names, total));
    }
  }

  private async resolvePermissions(ids: number[]): Promise<PermissionEntity[]> {
    if (!ids.length) return [];
    const found = await this.permissions.findBy({ id: In(ids) });
    if (found.length !== ids.length) throw AppError.field('permissionIds', MESSAGES.role.permissionNotFound);
    return found;
  }

  private async saveUnique(role: RoleEntity): Promise<RoleEntity> {
    try {
      return await this.roles.save(role);
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict(MESSAGES.role.nameTaken, { name: [MESSAGES.role.nameTaken] });
      throw error;
    }
  }
}

function sameIds(a: PermissionEntity[], b: PermissionEntity[]): boolean {
  const ids = new Set(a.map((p) => p.id));
  return a.length === b.length && b.every((p) => ids.has(p.id));
}

function toPermission(entity: PermissionEntity): Permission {
  return {
    id: entity.id,
    name: entity.name,
    description: entity.description,
    resource: entity.resource,
    action: entity.action,
  };
}

function toRole(entity: RoleEntity): Role {
  return {
    id: entity.id,
    name: entity.name,
    description: entity.description,
    permissions: (entity.permissions ?? []).map(toPermission),
    isSystemRole: entity.isSystemRole,
    createdAt: entity.createdAt.toISOString(),
  };
}
