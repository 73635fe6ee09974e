import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { section } from '../../common/section';

/** /admin/users (Users.Read): the list; create, edit, reset password and delete are dialogs on it. */
export default section({
  name: 'users',
  icon: PeopleIcon,
  list: lazy(() => import('./UserList')),
});
