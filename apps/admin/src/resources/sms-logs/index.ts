import { lazy } from 'react';

/** /admin/sms-logs (Settings.Read): total cost and the SMS log; delete with Settings.Delete. */
export const SmsLogList = lazy(() => import('./SmsLogList'));
