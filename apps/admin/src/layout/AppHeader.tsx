import { useEffect } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Typography } from '@mui/material';
import { AppBar, LoadingIndicator, useGetIdentity, useLogout } from 'react-admin';
import { useLocation } from 'react-router';
import { sectionLabel } from '../access/routes';

/** Header: the current section's label, the user's e-mail and 'Cerrar Sesión' (docs/product.md §2). */
export function AppHeader() {
  const { pathname } = useLocation();
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const label = sectionLabel(pathname) ?? '';

  useEffect(() => {
    document.title = label ? `${label} · Panel de Administración` : 'Panel de Administración';
  }, [label]);

  return (
    <AppBar color="primary" userMenu={false} toolbar={<LoadingIndicator />}>
      <Typography component="h1" variant="h6" noWrap sx={{ flex: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {identity?.email && (
          <Typography
            variant="body2"
            noWrap
            sx={{ display: { xs: 'none', sm: 'block' } }}
            data-testid="current-user-email"
          >
            {identity.email}
          </Typography>
        )}
        {/* The third argument: after signing in again, start from the dashboard, not this page. */}
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => logout({}, undefined, false)}>
          Cerrar Sesión
        </Button>
      </Box>
    </AppBar>
  );
}
