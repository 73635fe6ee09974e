import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { DepartmentEntity } from '../../departments/entities/department.entity';
import { RoleEntity } from '../../roles/entities/role.entity';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored normalised (trimmed, lower case); unique. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Column({ name: 'department_id', type: 'int', nullable: true })
  departmentId: number | null;

  @ManyToOne(() => DepartmentEntity, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'department_id' })
  department: DepartmentEntity | null;

  @Column({ name: 'must_change_password', default: false })
  mustChangePassword: boolean;

  @Column({ name: 'email_confirmed', default: true })
  emailConfirmed: boolean;

  /** Set by staff: the account is blocked until they clear it (lockoutEnd is then far in the future). */
  @Column({ name: 'lockout_enabled', default: false })
  lockoutEnabled: boolean;

  @Column({ name: 'lockout_end', type: 'timestamptz', nullable: true })
  lockoutEnd: Date | null;

  @Column({ name: 'access_failed_count', type: 'int', default: 0 })
  accessFailedCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @ManyToMany(() => RoleEntity)
  @JoinTable({
    name: 'user_roles',
    joinColumn: { name: 'user_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'role_id', referencedColumnName: 'id' },
  })
  roles: RoleEntity[];
}
