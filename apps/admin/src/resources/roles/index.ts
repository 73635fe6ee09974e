import { lazy } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { section } from '../../common/section';

/** /admin/roles (Roles.Read): the list; create and edit share one dialog. */
export default section({
  name: 'roles',
  icon: AdminPanelSettingsIcon,
  list: lazy(() => import('./RoleList')),
});
