import { ApiProperty } from '@nestjs/swagger';
import type { Paged, UserListItem } from '@evreg/contracts';
import { SortedPageQuery } from '../../../common/http/sorted-page-query';

/** The columns the users list sorts by (docs/domain.md, "Lists at real sizes"). */
export const USER_SORTS = ['lastName', 'firstName', 'email', 'departmentName', 'createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export class ListUsersQueryDto extends SortedPageQuery<UserSort>(USER_SORTS, 'Email, nombre o departamento') {}

export class UserListItemDto implements UserListItem {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Igual que id' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: Number, nullable: true }) departmentId: number | null;
  @ApiProperty({ type: String, nullable: true }) departmentName: string | null;
  @ApiProperty({ type: [String], description: 'Nombres de sus roles' }) roles: string[];
  @ApiProperty() mustChangePassword: boolean;
  @ApiProperty() emailConfirmed: boolean;
  @ApiProperty({ description: 'Cuenta bloqueada por el personal' }) lockoutEnabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lockoutEnd: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** A page of users: without each one's permissions (GET /api/user/{id} has them). */
export class UserPageDto implements Paged<UserListItem> {
  @ApiProperty({ type: [UserListItemDto] }) items: UserListItemDto[];
  @ApiProperty({ example: 214 }) totalCount: number;
  @ApiProperty({ example: 11 }) totalPages: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) pageSize: number;
}
