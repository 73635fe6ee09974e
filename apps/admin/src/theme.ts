import type { ThemeOptions } from '@mui/material/styles';

/** One light theme for the sign-in page and the back office. The primary blue is dark enough for white text
 * and for links on white (WCAG AA); so is the warning amber (MUI's #ed6c02 gives 3.1:1 with white: the users
 * list's 'Cambiar Contraseña' chip). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#1d4ed8' },
    secondary: { main: '#0f766e' },
    warning: { main: '#b45309' },
    background: { default: '#f4f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // Labels as the spec writes them ('Iniciar Sesión'), not upper-cased.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
  },
};
