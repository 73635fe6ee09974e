import type { ReactNode } from 'react';
import { CanAccess, Loading } from 'react-admin';
import { AccessDeniedPage } from './AccessDeniedPage';

/** Shows the page when authProvider.canAccess allows it, 'Acceso Denegado' in its place otherwise (the
 * address stays the one the user typed). */
export function RequireAccess({
  resource,
  action = 'list',
  children,
}: {
  resource: string;
  action?: string;
  children: ReactNode;
}) {
  return (
    <CanAccess resource={resource} action={action} accessDenied={<AccessDeniedPage />} loading={<Loading />}>
      {children}
    </CanAccess>
  );
}
