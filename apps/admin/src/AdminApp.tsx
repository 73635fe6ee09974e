import { lazy, useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, Authenticated, CustomRoutes, HttpError, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { AppLayout } from './layout/AppLayout';
import { RedirectToLogin } from './layout/RedirectToLogin';
import { RequireAccess } from './layout/RequireAccess';
import { AppNotification } from './layout/ServerStatusNotifier';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { isServerUnavailable } from './providers/session';
import { DepartmentList } from './resources/departments';
import { EventsPage } from './resources/events';
import { RoleList } from './resources/roles';
import { UserList } from './resources/users';
import { BlacklistList } from './resources/blacklist';
import { GdprPage } from './resources/gdpr';
import { ManualRegistrationPage } from './resources/manual-registration';
import { QueuePage } from './resources/queue';
import { RegistrationList } from './resources/registrations';
import { RequirePermission } from './common/RequirePermission';
import { EmailLogList } from './resources/email-logs';
import { EmailSettingsPage } from './resources/email-settings';
import { TemplateCreate, TemplateEdit, TemplateList, TemplatePreview } from './resources/email-templates';
import { SmsLogList } from './resources/sms-logs';
import { SmsSettingsPage } from './resources/sms-settings';
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
      <Resource
        name="users"
        list={
          <RequireAccess resource="users">
            <UserList />
          </RequireAccess>
        }
      />
      <Resource
        name="roles"
        list={
          <RequireAccess resource="roles">
            <RoleList />
          </RequireAccess>
        }
      />
      <Resource
        name="departments"
        list={
          <RequireAccess resource="departments">
            <DepartmentList />
          </RequireAccess>
        }
      />
      <Resource name="permissions" />
      <Resource
        name="registrations"
        list={
          <RequireAccess resource="registrations">
            <RegistrationList />
          </RequireAccess>
        }
      />
      <Resource
        name="blacklist"
        list={
          <RequireAccess resource="blacklist">
            <BlacklistList />
          </RequireAccess>
        }
      />
      {/* E-mail and SMS: the settings screens and the templates need Settings.Update (route table) and Settings.Read (the API's reads). */}
      <Resource
        name="email-logs"
        list={
          <RequireAccess resource="email-logs">
            <EmailLogList />
          </RequireAccess>
        }
      />
      <Resource
        name="sms-logs"
        list={
          <RequireAccess resource="sms-logs">
            <SmsLogList />
          </RequireAccess>
        }
      />
      <Resource
        name="email-templates"
        list={
          <RequireAccess resource="email-templates">
            <RequirePermission permission="Settings.Read">
              <TemplateList />
            </RequirePermission>
          </RequireAccess>
        }
        create={
          <RequireAccess resource="email-templates" action="create">
            <RequirePermission permission="Settings.Read">
              <TemplateCreate />
            </RequirePermission>
          </RequireAccess>
        }
      >
        <Route
          path=":id/edit"
          element={
            <RequireAccess resource="email-templates" action="edit">
              <RequirePermission permission="Settings.Read">
                <TemplateEdit />
              </RequirePermission>
            </RequireAccess>
          }
        />
        <Route
          path=":id/preview"
          element={
            <RequireAccess resource="email-templates" action="show">
              <RequirePermission permission="Settings.Read">
                <TemplatePreview />
              </RequirePermission>
            </RequireAccess>
          }
        />
      </Resource>
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route
          path="/events"
          element={
            <RequireAccess resource="events">
              <EventsPage />
            </RequireAccess>
          }
        />
        <Route
          path="/manual-registration"
          element={
            <RequireAccess resource="manual-registration">
              <ManualRegistrationPage />
            </RequireAccess>
          }
        />
        <Route
          path="/queue-management"
          element={
            <RequireAccess resource="queue-management">
              <QueuePage />
            </RequireAccess>
          }
        />
        <Route
          path="/gdpr"
          element={
            <RequireAccess resource="gdpr">
              <GdprPage />
            </RequireAccess>
          }
        />
        <Route
          path="/email-settings"
          element={
            <RequireAccess resource="email-settings">
              <RequirePermission permission="Settings.Read">
                <EmailSettingsPage />
              </RequirePermission>
            </RequireAccess>
          }
        />
        <Route
          path="/sms-settings"
          element={
            <RequireAccess resource="sms-settings">
              <RequirePermission permission="Settings.Read">
                <SmsSettingsPage />
              </RequirePermission>
            </RequireAccess>
          }
        />
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
