import type { ComponentType } from 'react';
import type { PermissionName } from '@evreg/contracts';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router';
import { RequireAccess } from '../layout/RequireAccess';
import { RequirePermission } from './RequirePermission';

/** A section of the back office as its folder declares it (its `index.ts`): the react-admin resource whose name
 * is the route under /admin and the resource of `canAccess`, its pages (loaded lazily), its sidebar icon, and
 * the permission its data needs besides the route's (see RequirePermission). */
export interface Section {
  name: string;
  icon: ComponentType;
  list: ComponentType;
  create?: ComponentType;
  /** Further pages under the section (`:id/edit`), each with the canAccess action it needs. */
  pages?: Record<string, { page: ComponentType; action: string }>;
  /** The API reads the section's data with this permission (the route table may let in with another). */
  dataPermission?: PermissionName;
}

/** The `<Resource>` props of a section, every page behind `canAccess` ('Acceso Denegado' in its place). The app
 * mounts it in one line: `<Resource {...users} />`. */
export function section({ name, icon, list, create, pages = {}, dataPermission }: Section): ResourceProps {
  const guarded = (Page: ComponentType, action: string) => (
    <RequireAccess resource={name} action={action}>
      {dataPermission ? (
        <RequirePermission permission={dataPermission}>
          <Page />
        </RequirePermission>
      ) : (
        <Page />
      )}
    </RequireAccess>
  );
  return {
    name,
    icon,
    list: guarded(list, 'list'),
    create: create && guarded(create, 'create'),
    children: Object.entries(pages).map(([path, { page, action }]) => (
      <Route key={path} path={path} element={guarded(page, action)} />
    )),
  };
}
