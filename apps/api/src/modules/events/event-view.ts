import {
  AdminEvent,
  EVENT_STATUS_LABEL,
  EVENT_STATUS_TEXT,
  EventStatusCode,
  PublicEvent,
  Session,
  translatedContent,
  type VisitorLanguage,
} from '@evreg/contracts';
import { descriptionExcerpt } from './description';
import { EventEntity } from './entities/event.entity';

/** What the booking page gets: no back-office fields; title and description in the visitor's language where the
 * event has them, Spanish otherwise. */
export function toPublicEvent(
  event: EventEntity,
  options: { excerpt?: boolean; language?: VisitorLanguage } = {},
): PublicEvent {
  const status = event.status as EventStatusCode;
  const { title, description } = translatedContent(event, options.language ?? 'es');
  return {
    id: event.id,
    title,
    description: options.excerpt ? descriptionExcerpt(description) : description,
    imageUrl: event.imageUrl,
    address: event.address,
    city: event.city,
    country: event.country,
    place: event.place,
    status: EVENT_STATUS_TEXT[status],
    statusText: EVENT_STATUS_LABEL[status],
    price: event.price,
    timeZone: event.timeZone,
    postalCode: event.postalCode,
    organizerName: event.organizerName,
    organizerEmail: event.organizerEmail,
    organizerPhone: event.organizerPhone,
    organizerWebsite: event.organizerWebsite,
  };
}

export function toAdminEvent(event: EventEntity, sessions: Session[]): AdminEvent {
  const status = event.status as EventStatusCode;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    eventCategoryId: event.eventCategoryId,
    country: event.country,
    city: event.city,
    address: event.address,
    place: event.place,
    postalCode: event.postalCode,
    status,
    statusText: EVENT_STATUS_TEXT[status],
    isPublic: event.isPublic,
    price: event.price,
    organizerName: event.organizerName,
    organizerEmail: event.organizerEmail,
    organizerPhone: event.organizerPhone,
    organizerWebsite: event.organizerWebsite,
    organizerId: event.organizerId,
    timeZone: event.timeZone,
    imageUrl: event.imageUrl,
    translations: event.translations ?? {},
    sessions,
    totalCapacity: sessions.reduce((sum, s) => sum + s.maxAttendees, 0),
    totalMaxQueueSpots: sessions.reduce((sum, s) => sum + s.maxQueueSpots, 0),
  };
}
