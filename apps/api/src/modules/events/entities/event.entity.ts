import type { EventTranslations } from '@evreg/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

const numeric = { to: (value: number) => value, from: (value: string | null) => (value === null ? 0 : Number(value)) };

@Entity('events')
export class EventEntity {
  /** The external content system's id, entered by staff. */
  @PrimaryColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 300 }) title: string;
  /** Sanitised HTML (allow-list of docs/product.md §2), never stored raw. */
  @Column({ type: 'text' }) description: string;
  @Column({ name: 'event_category_id', type: 'int', nullable: true }) eventCategoryId: number | null;
  @Column({ type: 'varchar', length: 100, default: 'Spain' }) country: string;
  @Column({ type: 'varchar', length: 100 }) city: string;
  @Column({ type: 'varchar', length: 300, default: '' }) address: string;
  @Column({ type: 'varchar', length: 200, default: '' }) place: string;
  @Column({ name: 'postal_code', type: 'varchar', length: 20, default: '' }) postalCode: string;
  /** 0 Draft, 1 Live, 5 Cancelled. */
  @Column({ type: 'smallint', default: 0 }) status: number;
  @Column({ name: 'is_public', default: true }) isPublic: boolean;
  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0, transformer: numeric }) price: number;
  @Column({ name: 'organizer_name', type: 'varchar', length: 200, default: '' }) organizerName: string;
  @Column({ name: 'organizer_email', type: 'varchar', length: 254, nullable: true }) organizerEmail: string | null;
  @Column({ name: 'organizer_phone', type: 'varchar', length: 30, nullable: true }) organizerPhone: string | null;
  @Column({ name: 'organizer_website', type: 'varchar', length: 500, nullable: true }) organizerWebsite: string | null;
  @Column({ name: 'organizer_id', type: 'int', nullable: true }) organizerId: number | null;
  @Column({ name: 'time_zone', type: 'varchar', length: 64, default: 'Europe/Madrid' }) timeZone: string;
  @Column({ name: 'image_url', type: 'varchar', length: 1000, nullable: true }) imageUrl: string | null;
  /** Title and description in ca, eu, gl, en (checked by translations.ts); Spanish is title/description. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: EventTranslations;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
