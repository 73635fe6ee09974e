import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { section } from '../../common/section';

/** /admin/sms-logs (Settings.Read): total cost and the SMS log; delete with Settings.Delete. */
export default section({
  name: 'sms-logs',
  icon: ReceiptLongIcon,
  list: lazy(() => import('./SmsLogList')),
});
