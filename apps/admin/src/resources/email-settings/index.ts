import { lazy } from 'react';
import EmailIcon from '@mui/icons-material/Email';
import { section } from '../../common/section';

/** /admin/email-settings (Settings.Update; loading needs Settings.Read too): SMTP form and test e-mail. */
export default section({
  name: 'email-settings',
  icon: EmailIcon,
  list: lazy(() => import('./EmailSettingsPage')),
  dataPermission: 'Settings.Read',
});
