import { lazy } from 'react';
import ApartmentIcon from '@mui/icons-material/Apartment';
import { section } from '../../common/section';

/** /admin/departments (Departments.Read): the list with its create form. */
export default section({
  name: 'departments',
  icon: ApartmentIcon,
  list: lazy(() => import('./DepartmentList')),
});
