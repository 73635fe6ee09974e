import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { forgetSignOutReason, signIn, signOutReason } from '../providers/session';
import { themeOptions } from '../theme';
import { validateLogin, type LoginErrors } from './rules';

const theme = createTheme(themeOptions);

/** /admin/login: 'Panel de Administración' (docs/product.md §2). Its own small bundle: MUI and the session module, not
 * react-admin, which is fetched while the credentials are checked. */
export default function LoginApp({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Why the back office signed the user out (an expired session, changed permissions), said once.
  const [notice] = useState(signOutReason);
  useEffect(forgetSignOutReason, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    const backOffice = import('../AdminApp');
    try {
      await signIn({ email: email.trim(), password });
      await backOffice;
      onSignedIn();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 400 }} variant="outlined">
          <CardContent sx={{ p: 4 }}>
            <Typography component="h1" variant="h5" align="center" gutterBottom>
              Panel de Administración
            </Typography>
            <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 3 }}>
              Inicia sesión con tu cuenta de personal
            </Typography>
            {notice && !failure && (
              <Alert severity="warning" sx={{ mb: 2 }} role="status">
                {notice}
              </Alert>
            )}
            {failure && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {failure}
              </Alert>
            )}
            <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (errors.email) setErrors({ ...errors, email: undefined });
                }}
                error={!!errors.email}
                helperText={errors.email}
                fullWidth
              />
              <TextField
                label="Contraseña"
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (errors.password) setErrors({ ...errors, password: undefined });
                }}
                error={!!errors.password}
                helperText={errors.password}
                fullWidth
              />
              <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
                {busy ? 'Iniciando sesión...' : 'Iniciar Sesión'}
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
