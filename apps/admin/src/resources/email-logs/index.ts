import { lazy } from 'react';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { section } from '../../common/section';

/** /admin/email-logs (EmailLogs.Read): the e-mail log; resend and delete on its rows. */
export default section({
  name: 'email-logs',
  icon: MarkEmailReadIcon,
  list: lazy(() => import('./EmailLogList')),
});
