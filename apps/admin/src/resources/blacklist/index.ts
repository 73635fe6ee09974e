import { lazy } from 'react';

/** /admin/blacklist (Blacklists.Read): the paged list; block, edit and delete by Blacklists.* permissions. */
export const BlacklistList = lazy(() => import('./BlacklistList'));
