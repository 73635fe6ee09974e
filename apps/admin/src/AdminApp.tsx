import { lazy, useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, Authenticated, CustomRoutes, HttpError, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { ADMIN_ROUTES, BUILT_SECTIONS } from './access/routes';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { AppLayout } from './layout/AppLayout';
import { ComingSoonPage } from './layout/ComingSoonPage';
import { RedirectToLogin } from './layout/RedirectToLogin';
import { RequireAccess } from './layout/RequireAccess';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { DepartmentList } from './resources/departments';
import { EventsPage } from './resources/events';
import { RoleList } from './resources/roles';
import { UserList } from './resources/users';
import { ADMIN_BASE } from './shell';
import { themeOptions } from './theme';

const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const ChangePasswordPage = lazy(() => import('./change-password/ChangePasswordPage'));

/** The index of the back office is the dashboard at /admin/dashboard (spec 2). */
const GoToDashboard = () => <Navigate to="/dashboard" replace />;

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Spec 9: unused fetched data is kept for 60 s.
        gcTime: 60_000,
        // A refusal (4xx) is final; a network or server failure is tried once more.
        retry: (failures, error) => failures < 1 && !(error instanceof HttpError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

function BackOffice() {
  const [queryClient] = useState(newQueryClient);
  return (
    <Admin
      title="Panel de Administración"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      theme={themeOptions}
      layout={AppLayout}
      loginPage={RedirectToLogin}
      dashboard={GoToDashboard}
      accessDenied={AccessDeniedPage}
      requireAuth
      disableTelemetry
    >
      <Resource name="users" list={<RequireAccess resource="users"><UserList /></RequireAccess>} />
      <Resource name="roles" list={<RequireAccess resource="roles"><RoleList /></RequireAccess>} />
      <Resource name="departments" list={<RequireAccess resource="departments"><DepartmentList /></RequireAccess>} />
      <Resource name="permissions" />
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/events" element={<RequireAccess resource="events"><EventsPage /></RequireAccess>} />
        {ADMIN_ROUTES.filter((route) => !BUILT_SECTIONS.has(route.path)).map((route) => (
          <Route key={route.path} path={`/${route.path}/*`} element={<RequireAccess resource={route.path}><ComingSoonPage label={route.label} /></RequireAccess>} />
        ))}
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/change-password" element={<Authenticated><ChangePasswordPage /></Authenticated>} />
      </CustomRoutes>
    </Admin>
  );
}

/** The back office: react-admin under a browser router at /admin. A new router (and query cache) per sign-in. */
export default function AdminApp() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <BackOffice /> }], { basename: ADMIN_BASE }));
  return <RouterProvider router={router} />;
}
