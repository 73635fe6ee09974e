import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('blacklist_entries')
export class BlacklistEntryEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'event_id', type: 'int', nullable: true }) eventId: number | null;
  @Column({ name: 'event_session_id', type: 'int', nullable: true }) eventSessionId: number | null;
  /** Normalised (trimmed, lower case). */
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'first_name', type: 'varchar', length: 100, default: '' }) firstName: string;
  @Column({ name: 'last_name', type: 'varchar', length: 150, default: '' }) lastName: string;
  @Column({ name: 'phone_number', type: 'varchar', length: 30, nullable: true }) phoneNumber: string | null;
  /** 0 No Show, 1 Cancelado, 2 Otro. */
  @Column({ type: 'smallint' }) reason: number;
  @Column({ name: 'reason_desc', type: 'varchar', length: 500, nullable: true }) reasonDesc: string | null;
  /** 0 SMS, 1 Email. */
  @Column({ name: 'notification_type', type: 'smallint', default: 1 }) notificationType: number;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
}
