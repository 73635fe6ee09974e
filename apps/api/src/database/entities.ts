import { RefreshTokenEntity } from '../modules/auth/entities/refresh-token.entity';
import { BlacklistEntryEntity } from '../modules/blacklist/entities/blacklist-entry.entity';
import { EventCategoryEntity } from '../modules/events/entities/event-category.entity';
import { EventSessionEntity } from '../modules/events/entities/event-session.entity';
import { EventEntity } from '../modules/events/entities/event.entity';
import { DepartmentEntity } from '../modules/departments/entities/department.entity';
import { PermissionEntity } from '../modules/roles/entities/permission.entity';
import { RoleEntity } from '../modules/roles/entities/role.entity';
import { SettingEntity } from '../modules/settings/entities/setting.entity';
import { UserEntity } from '../modules/users/entities/user.entity';

/** Every entity, listed explicitly so the same list works compiled and under Jest. */
export const ENTITIES = [
  DepartmentEntity,
  PermissionEntity,
  RoleEntity,
  UserEntity,
  RefreshTokenEntity,
  SettingEntity,
  EventCategoryEntity,
  EventEntity,
  EventSessionEntity,
  BlacklistEntryEntity,
];
