import type { ReactElement } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import PeopleIcon from '@mui/icons-material/People';
import { Typography } from '@mui/material';
import { Menu, useCanAccessResources, useSidebarState } from 'react-admin';
import { ADMIN_ROUTES, BUILT_SECTIONS } from '../access/routes';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  users: <PeopleIcon />,
  roles: <AdminPanelSettingsIcon />,
  events: <EventIcon />,
  departments: <ApartmentIcon />,
};

/** The built screens, in the order of the spec's route table; the others join as their screens are built. */
const ITEMS = ADMIN_ROUTES.filter((route) => BUILT_SECTIONS.has(route.path));

/** Sidebar 'Panel de Usuario': exactly the items authProvider.canAccess allows (spec 2). */
export function AppMenu() {
  const [open] = useSidebarState();
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: ITEMS.map((r) => r.path) });
  return (
    <nav aria-label="Panel de Usuario">
      {open && (
        <Typography component="h2" variant="overline" sx={{ display: 'block', px: 2, pt: 1.5, color: 'text.secondary', fontWeight: 700 }}>
          Panel de Usuario
        </Typography>
      )}
      <Menu>
        {!isPending &&
          ITEMS.filter((route) => canAccess?.[route.path]).map((route) => (
            <Menu.Item key={route.path} to={`/${route.path}`} primaryText={route.label} leftIcon={ICONS[route.path]} />
          ))}
      </Menu>
    </nav>
  );
}
