import { lazy } from 'react';

/** /admin/departments (Departments.Read): the list with its create form. */
export const DepartmentList = lazy(() => import('./DepartmentList'));
