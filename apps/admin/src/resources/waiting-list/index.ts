import { lazy } from 'react';
import QueueIcon from '@mui/icons-material/Queue';
import { section } from '../../common/section';

/** /admin/queue-management (Queues.Read): a session's waiting list (the `waiting-list` resource); reorder, promote,
 * edit, remove, export. */
export default section({
  name: 'queue-management',
  icon: QueueIcon,
  list: lazy(() => import('./WaitingListPage')),
});
