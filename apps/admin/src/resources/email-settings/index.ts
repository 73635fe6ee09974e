import { lazy } from 'react';

/** /admin/email-settings (Settings.Update; loading needs Settings.Read too): SMTP form and test e-mail. */
export const EmailSettingsPage = lazy(() => import('./EmailSettingsPage'));
