import { lazy } from 'react';

/** /admin/registrations (Registrations.Read): the paged list; edit, resend e-mail, cancel and delete on it. */
export const RegistrationList = lazy(() => import('./RegistrationList'));
