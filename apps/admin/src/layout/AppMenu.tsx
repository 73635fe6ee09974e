import type { ReactElement } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import PeopleIcon from '@mui/icons-material/People';
import BlockIcon from '@mui/icons-material/Block';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import QueueIcon from '@mui/icons-material/Queue';
import DescriptionIcon from '@mui/icons-material/Description';
import EmailIcon from '@mui/icons-material/Email';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SmsIcon from '@mui/icons-material/Sms';
import { Typography } from '@mui/material';
import { Menu, useCanAccessResources, useSidebarState } from 'react-admin';
import { ADMIN_ROUTES } from '../access/routes';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  users: <PeopleIcon />,
  roles: <AdminPanelSettingsIcon />,
  events: <EventIcon />,
  departments: <ApartmentIcon />,
  blacklist: <BlockIcon />,
  'queue-management': <QueueIcon />,
  gdpr: <PrivacyTipIcon />,
  registrations: <HowToRegIcon />,
  'manual-registration': <PersonAddIcon />,
  'email-settings': <EmailIcon />,
  'email-logs': <MarkEmailReadIcon />,
  'email-templates': <DescriptionIcon />,
  'sms-settings': <SmsIcon />,
  'sms-logs': <ReceiptLongIcon />,
};

/** Every section of the spec's route table, in its order. */
const ITEMS = ADMIN_ROUTES;

/** Sidebar 'Panel de Usuario': exactly the items authProvider.canAccess allows (spec 2). */
export function AppMenu() {
  const [open] = useSidebarState();
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: ITEMS.map((r) => r.path) });
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
            <Menu.Item key={route.path} to={`/${route.path}`} primaryText={route.label} leftIcon={ICONS[route.path]} />
          ))}
      </Menu>
    </nav>
  );
}
