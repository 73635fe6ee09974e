import { lazy, useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, Authenticated, CustomRoutes, HttpError, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { AppLayout } from './layout/AppLayout';
import { RedirectToLogin } from './layout/RedirectToLogin';
import { AppNotification } from './layout/ServerStatusNotifier';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { isServerUnavailable } from './providers/session';
import blacklist from './resources/blacklist';
import checkin from './resources/checkin';
import departments from './resources/departments';
import emailLogs from './resources/email-logs';
import emailSettings from './resources/email-settings';
import emailTemplates from './resources/email-templates';
import events from './resources/events';
import gdpr from './resources/gdpr';
import history from './resources/history';
import integrations from './resources/integrations';
import manualRegistration from './resources/manual-registration';
import waitingList from './resources/waiting-list';
import registrations from './resources/registrations';
import roles from './resources/roles';
import smsLogs from './resources/sms-logs';
import smsSettings from './resources/sms-settings';
import system from './resources/system';
import users from './resources/users';
import { ADMIN_BASE } from './shell';
import { themeOptions } from './theme';

const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const ChangePasswordPage = lazy(() => import('./change-password/ChangePasswordPage'));

/** The index of the back office is the dashboard at /admin/dashboard (docs/product.md §2). */
const GoToDashboard = () => <Navigate to="/dashboard" replace />;

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // docs/product.md §9: unused fetched data is kept for 60 s.
        gcTime: 60_000,
        // A refusal (4xx) is final; a server failure is tried once more. A server away (no network, 502-504) was
        // already retried for about a minute by the session's fetch (providers/session.ts).
        retry: (failures, error) =>
          failures < 1 &&
          !(error instanceof HttpError && error.status >= 400 && error.status < 500) &&
          !isServerUnavailable(error),
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
      notification={AppNotification}
      dashboard={GoToDashboard}
      accessDenied={AccessDeniedPage}
      requireAuth
      disableTelemetry
    >
      {/* One line per section: its folder's index.ts declares the resource (pages, icon, permissions). In the
          order of the spec's route table; the sidebar follows that table (access/routes.ts). */}
      <Resource {...users} />
      <Resource {...blacklist} />
      <Resource {...roles} />
      <Resource {...events} />
      <Resource {...departments} />
      <Resource {...emailSettings} />
      <Resource {...emailLogs} />
      <Resource {...emailTemplates} />
      <Resource {...waitingList} />
      <Resource {...gdpr} />
      <Resource {...registrations} />
      <Resource {...manualRegistration} />
      <Resource {...smsSettings} />
      <Resource {...smsLogs} />
      <Resource {...integrations} />
      <Resource {...checkin} />
      <Resource {...system} />
      <Resource {...history} />
      {/* Read by other screens only (the role form's permissions). */}
      <Resource name="permissions" />
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route
          path="/change-password"
          element={
            <Authenticated>
              <ChangePasswordPage />
            </Authenticated>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}

/** The back office: react-admin under a browser router at /admin. A new router (and query cache) per sign-in. */
export default function AdminApp() {
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <BackOffice /> }], { basename: ADMIN_BASE }),
  );
  return <RouterProvider router={router} />;
}
