import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A session. The four counters are changed only by the booking engine, in the same transaction as the rows
 * they count, and CHECK constraints in the database hold the capacity invariants. */
@Entity('event_sessions')
export class EventSessionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'event_id', type: 'int' }) eventId: number;
  @Column({ name: 'start_date', type: 'date' }) startDate: string;
  @Column({ name: 'end_date', type: 'date' }) endDate: string;
  @Column({ name: 'start_time', type: 'time' }) startTime: string;
  @Column({ name: 'end_time', type: 'time' }) endTime: string;
  @Column({ name: 'is_all_day', default: false }) isAllDay: boolean;
  /** start_date + start_time in the event's time zone. */
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt: Date;
  @Column({ name: 'ends_at', type: 'timestamptz' }) endsAt: Date;
  @Column({ name: 'max_attendees', type: 'int' }) maxAttendees: number;
  @Column({ name: 'reserved_spots', type: 'int', default: 0 }) reservedSpots: number;
  @Column({ name: 'max_queue_spots', type: 'int', default: 0 }) maxQueueSpots: number;
  @Column({ name: 'is_promotion_locked', default: false }) isPromotionLocked: boolean;
  @Column({ name: 'is_registration_open', default: true }) isRegistrationOpen: boolean;
  @Column({ name: 'online_registered', type: 'int', default: 0, update: false, insert: false })
  onlineRegistered: number;
  @Column({ name: 'reserved_registered', type: 'int', default: 0, update: false, insert: false })
  reservedRegistered: number;
  @Column({ name: 'held_spots', type: 'int', default: 0, update: false, insert: false }) heldSpots: number;
  @Column({ name: 'queue_count', type: 'int', default: 0, update: false, insert: false }) queueCount: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
