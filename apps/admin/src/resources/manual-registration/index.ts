import { lazy } from 'react';

/** /admin/manual-registration (Registrations.Create): staff register a person on a reserved spot. */
export const ManualRegistrationPage = lazy(() => import('./ManualRegistrationPage'));
