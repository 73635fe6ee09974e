import { lazy } from 'react';

/** /admin/gdpr (GDPR.Delete): a person's data by e-mail; summary, export and delete. */
export const GdprPage = lazy(() => import('./GdprPage'));
