import { lazy } from 'react';
import SmsIcon from '@mui/icons-material/Sms';
import { section } from '../../common/section';

/** /admin/sms-settings (Settings.Update; loading needs Settings.Read too). */
export default section({
  name: 'sms-settings',
  icon: SmsIcon,
  list: lazy(() => import('./SmsSettingsPage')),
  dataPermission: 'Settings.Read',
});
