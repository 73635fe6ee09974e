import { lazy } from 'react';

/** /admin/events (Events.Read): the booking settings cards, then the events with their sessions; every create,
 * edit, delete, capacity change and notification is a dialog or an inline edit on it. */
export const EventsPage = lazy(() => import('./EventsPage'));
