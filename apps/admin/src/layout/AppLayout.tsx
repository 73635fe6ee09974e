import type { ReactNode } from 'react';
import { Layout, Loading, useGetIdentity } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';

/** The shared layout. A user who must change the password sees no page but the forced one (docs/product.md §4), and is
 * brought back to where they were going afterwards. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { identity, isPending } = useGetIdentity();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (identity?.mustChangePassword) {
    return (
      <Navigate
        to="/change-password"
        replace
        state={{ nextPathname: location.pathname, nextSearch: location.search }}
      />
    );
  }
  return (
    <Layout appBar={AppHeader} menu={AppMenu}>
      {children}
    </Layout>
  );
}
