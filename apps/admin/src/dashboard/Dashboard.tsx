import type { ReactElement } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventIcon from '@mui/icons-material/Event';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import PeopleIcon from '@mui/icons-material/People';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useCanAccessResources, useGetIdentity, useGetOne } from 'react-admin';
import { Link } from 'react-router';
import { RECENT_ATTENDANCE_DAYS, type DashboardStats } from '@evreg/contracts';
import type { Identity } from '../providers/authProvider';
import { fullName } from '../providers/authProvider';
import { attendanceSummary } from './attendance';

type Figure = 'totalUsers' | 'activeEvents' | 'registrationsToday' | 'totalDepartments';

const CARDS: { key: Figure; label: string; icon: ReactElement }[] = [
  { key: 'totalUsers', label: 'Total Usuarios', icon: <PeopleIcon /> },
  { key: 'activeEvents', label: 'Eventos Activos', icon: <EventAvailableIcon /> },
  { key: 'registrationsToday', label: 'Registros Hoy', icon: <HowToRegIcon /> },
  { key: 'totalDepartments', label: 'Departamentos', icon: <ApartmentIcon /> },
];

/** Quick actions: the built screens, each shown only when canAccess allows it. */
const ACTIONS: { resource: string; label: string; description: string; icon: ReactElement }[] = [
  {
    resource: 'users',
    label: 'Gestionar usuarios',
    description: 'Altas, cambios y contraseñas del personal',
    icon: <PeopleIcon />,
  },
  {
    resource: 'roles',
    label: 'Gestionar roles',
    description: 'Roles y sus permisos',
    icon: <AdminPanelSettingsIcon />,
  },
  {
    resource: 'events',
    label: 'Eventos',
    description: 'Duración de las reservas y límites de la lista de espera',
    icon: <EventIcon />,
  },
  {
    resource: 'departments',
    label: 'Gestionar departamentos',
    description: 'Departamentos del personal',
    icon: <ApartmentIcon />,
  },
];

/** /admin/dashboard (docs/product.md §2): welcome, the four figures, the user's card and quick actions. */
export default function Dashboard() {
  const { identity } = useGetIdentity();
  const user = identity as Identity | undefined;
  // The `dashboard` record 'stats' (GET /api/admin/dashboard/stats).
  const stats = useGetOne<DashboardStats & { id: string }>('dashboard', { id: 'stats' });
  const access = useCanAccessResources({ action: 'list', resources: ACTIONS.map((a) => a.resource) });
  const actions = access.isPending ? [] : ACTIONS.filter((a) => access.canAccess?.[a.resource]);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h5">
        Bienvenido{user ? `, ${user.firstName || user.email}` : ''}
      </Typography>

      {stats.isError && (
        <Alert severity="error" role="alert">
          Error al cargar los datos del panel. Por favor, recarga la página.
        </Alert>
      )}

      <Box
        component="ul"
        aria-label="Resumen"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {CARDS.map((card) => (
          <Card key={card.key} component="li" variant="outlined">
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
                {card.icon}
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h4" component="p" data-testid={`stat-${card.key}`}>
                  {stats.data ? stats.data[card.key] : stats.isError ? '—' : <Skeleton width={40} />}
                </Typography>
              </Box>
            </CardContent>
          </Card>
        ))}
        <Card component="li" variant="outlined">
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
              <QrCodeScannerIcon />
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Asistencia ({RECENT_ATTENDANCE_DAYS} días)
              </Typography>
              <Typography variant="h4" component="p" data-testid="stat-attendance">
                {stats.data ? (
                  attendanceSummary(stats.data.recentAttendance).rate
                ) : stats.isError ? (
                  '—'
                ) : (
                  <Skeleton width={40} />
                )}
              </Typography>
              {stats.data && (
                <Typography variant="body2" color="text.secondary">
                  {attendanceSummary(stats.data.recentAttendance).detail}
                </Typography>
              )}
            </Box>
          </CardContent>
        </Card>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined" component="section" aria-labelledby="user-card-title">
          <CardHeader
            title="Tu cuenta"
            slotProps={{ title: { id: 'user-card-title', component: 'h2', variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            {user && (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'max-content 1fr',
                  columnGap: 2,
                  rowGap: 1,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
                }}
              >
                <dt>Email</dt>
                <dd>{user.email}</dd>
                <dt>Nombre completo</dt>
                <dd>{fullName(user) || 'No especificado'}</dd>
                <dt>Departamento</dt>
                <dd>{user.departmentName || 'No asignado'}</dd>
                <dt>Roles</dt>
                <dd>{user.roles.length ? user.roles.join(', ') : 'Sin roles'}</dd>
                <dt>Permisos</dt>
                <dd>{user.permissions.length}</dd>
                <dt>Estado</dt>
                <dd>
                  <Chip
                    size="small"
                    label={user.mustChangePassword ? 'Debe cambiar contraseña' : 'Activo'}
                    color={user.mustChangePassword ? 'warning' : 'success'}
                  />
                </dd>
              </Box>
            )}
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="quick-actions-title">
          <CardHeader
            title="Acciones rápidas"
            slotProps={{ title: { id: 'quick-actions-title', component: 'h2', variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            {!access.isPending && actions.length === 0 && (
              <Typography color="text.secondary">No hay acciones disponibles con tus permisos.</Typography>
            )}
            <List disablePadding>
              {actions.map((action) => (
                <ListItemButton key={action.resource} component={Link} to={`/${action.resource}`}>
                  <ListItemIcon>{action.icon}</ListItemIcon>
                  <ListItemText primary={action.label} secondary={action.description} />
                </ListItemButton>
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
