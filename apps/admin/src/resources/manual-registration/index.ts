import { lazy } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { section } from '../../common/section';

/** /admin/manual-registration (Registrations.Create): staff register a person on a reserved spot. */
export default section({
  name: 'manual-registration',
  icon: PersonAddIcon,
  list: lazy(() => import('./ManualRegistrationPage')),
});
