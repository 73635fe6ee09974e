import { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared';
import { EventEntity } from './entities/event.entity';

/** The event as the booking page reads it, through a prepared statement: this read is the hot path of a rush. */
export async function findEventForBookingPage(db: DataSource, id: number): Promise<EventEntity | null> {
  const [row] = await preparedQuery<EventEntity & { price: string | number }>(
    db,
    'events.for-booking-page',
    `SELECT id, title, description, event_category_id AS "eventCategoryId", country, city, address, place, postal_code AS "postalCode",
            status, is_public AS "isPublic", price, organizer_name AS "organizerName", organizer_id AS "organizerId",
            organizer_email AS "organizerEmail", organizer_phone AS "organizerPhone", organizer_website AS "organizerWebsite",
            time_zone AS "timeZone", image_url AS "imageUrl", translations, created_at AS "createdAt", updated_at AS "updatedAt"
       FROM events WHERE id = $1`,
    [id],
  );
  return row ? Object.assign(new EventEntity(), row, { price: Number(row.price) }) : null;
}
