import { lazy } from 'react';

/** /admin/sms-settings (Settings.Update; loading needs Settings.Read too). */
export const SmsSettingsPage = lazy(() => import('./SmsSettingsPage'));
