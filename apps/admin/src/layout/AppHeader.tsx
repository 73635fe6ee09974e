import { useEffect } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import PasswordIcon from '@mui/icons-material/Password';
import { Box, Button, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { AppBar, LoadingIndicator, useGetIdentity, useLogout, UserMenu, useUserMenu } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { sectionLabel } from '../access/routes';
import { voluntaryChangeState } from '../change-password/rules';

/** Header: the current section's label, the user's e-mail, the user menu ('Perfil': 'Cambiar contraseña') and
 * 'Cerrar Sesión' (docs/product.md §2). */
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
        {/* react-admin's user menu (its button is named 'Perfil'), here rather than in AppBar's slot so that
            'Cerrar Sesión' stays the last control of the header. */}
        <UserMenu>
          <ChangePasswordMenuItem />
        </UserMenu>
        {/* The third argument: after signing in again, start from the dashboard, not this page. */}
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => logout({}, undefined, false)}>
          Cerrar Sesión
        </Button>
      </Box>
    </AppBar>
  );
}

/** The user menu's 'Cambiar contraseña': a link to the voluntary change, which returns to this page
 * (change-password/rules.ts, wayBack). The menu hands its first item the focus (`autoFocus`, `tabIndex`). */
function ChangePasswordMenuItem(props: { autoFocus?: boolean; tabIndex?: number }) {
  const userMenu = useUserMenu();
  const { pathname, search } = useLocation();
  return (
    <MenuItem
      {...props}
      component={Link}
      to="/change-password"
      state={voluntaryChangeState(pathname, search)}
      onClick={() => userMenu?.onClose()}
    >
      <ListItemIcon>
        <PasswordIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Cambiar contraseña</ListItemText>
    </MenuItem>
  );
}
