import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { section } from '../../common/section';

/** /admin/events (Events.Read): the booking settings cards, then the events with their sessions; every create,
 * edit, delete, capacity change and notification is a dialog or an inline edit on it. */
export default section({
  name: 'events',
  icon: EventIcon,
  list: lazy(() => import('./EventsPage')),
});
