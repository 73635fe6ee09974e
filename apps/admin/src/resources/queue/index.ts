import { lazy } from 'react';

/** /admin/queue-management (Queues.Read): a session's waiting list; reorder, promote, edit, remove, export. */
export const QueuePage = lazy(() => import('./QueuePage'));
