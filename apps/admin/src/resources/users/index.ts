import { lazy } from 'react';

/** /admin/users (Users.Read): the list; create, edit, reset password and delete are dialogs on it. */
export const UserList = lazy(() => import('./UserList'));
