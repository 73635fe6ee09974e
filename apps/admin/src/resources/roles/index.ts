import { lazy } from 'react';

/** /admin/roles (Roles.Read): the list; create and edit share one dialog. */
export const RoleList = lazy(() => import('./RoleList'));
