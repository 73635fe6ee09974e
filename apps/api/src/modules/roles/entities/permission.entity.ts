import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('permissions')
export class PermissionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  resource: string;

  @Column({ type: 'varchar', length: 16 })
  action: string;

  @Column({ type: 'varchar', length: 200 })
  description: string;
}
