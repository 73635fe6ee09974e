import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('event_categories')
export class EventCategoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;
}
