import { lazy } from 'react';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { section } from '../../common/section';

/** /admin/registrations (Registrations.Read): the paged list; edit, resend e-mail, cancel and delete on it. */
export default section({
  name: 'registrations',
  icon: HowToRegIcon,
  list: lazy(() => import('./RegistrationList')),
});
