import { lazy } from 'react';

/** /admin/email-logs (EmailLogs.Read): the e-mail log; resend and delete on its rows. */
export const EmailLogList = lazy(() => import('./EmailLogList'));
