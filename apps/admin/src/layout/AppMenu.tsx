import DashboardIcon from '@mui/icons-material/Dashboard';
import { Typography } from '@mui/material';
import { Menu, useCanAccessResources, useResourceDefinitions, useSidebarState } from 'react-admin';
import { ADMIN_ROUTES } from '../access/routes';

/** Every section of the spec's route table, in its order. */
const ITEMS = ADMIN_ROUTES;

/** Sidebar 'Panel de Usuario': exactly the items authProvider.canAccess allows (docs/product.md §2). */
export function AppMenu() {
  const [open] = useSidebarState();
  // Each section's icon comes with its resource (resources/<name>/index.ts); the dashboard is a page of its own.
  const resources = useResourceDefinitions();
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: ITEMS.map((r) => r.path) });
  const icon = (path: string) => {
    const Icon = path === 'dashboard' ? DashboardIcon : resources[path]?.icon;
    return Icon ? <Icon /> : undefined;
  };
  return (
    <nav aria-label="Panel de Usuario">
      {open && (
        <Typography
          component="h2"
          variant="overline"
          sx={{ display: 'block', px: 2, pt: 1.5, color: 'text.secondary', fontWeight: 700 }}
        >
          Panel de Usuario
        </Typography>
      )}
      <Menu>
        {!isPending &&
          ITEMS.filter((route) => canAccess?.[route.path]).map((route) => (
            <Menu.Item key={route.path} to={`/${route.path}`} primaryText={route.label} leftIcon={icon(route.path)} />
          ))}
      </Menu>
    </nav>
  );
}
