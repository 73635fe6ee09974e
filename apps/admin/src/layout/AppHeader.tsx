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
    <AppBar
      color="primary"
      userMenu={false}
      toolbar={<LoadingIndicator />}
      // Phones at a door: every control a 48 px target (react-admin's icon buttons are 40).
      sx={{ '& .MuiIconButton-root, & .MuiButton-root': { minWidth: 48, minHeight: 48 } }}
    >
      {/* On a phone the title wraps in a smaller type rather than being cut. */}
      <Typography
        component="h1"
        variant="h6"
        sx={{
          flex: 1,
          minWidth: 0,
          fontSize: { xs: '1.05rem', sm: undefined },
          lineHeight: { xs: 1.2, sm: undefined },
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
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
        {/* Icon only on a phone, named all the same. */}
        <Button
          color="inherit"
          aria-label="Cerrar Sesión"
          startIcon={<LogoutIcon />}
          onClick={() => logout({}, undefined, false)}
          sx={{ '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Cerrar Sesión
          </Box>
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
