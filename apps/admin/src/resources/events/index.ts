import { lazy } from 'react';

/** /admin/events (Events.Read): for now the header cards with the booking settings. */
export const EventsPage = lazy(() => import('./EventsPage'));
