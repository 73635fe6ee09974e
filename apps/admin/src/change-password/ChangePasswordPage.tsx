import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChangePasswordRequest } from '@evreg/contracts';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useGetIdentity, useLogout } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { errorBody } from '../providers/session';
import { forgetProfile, type Identity } from '../providers/authProvider';
import type { AdminDataProvider } from '../providers/dataProvider';
import { changePasswordFailure, validateChangePassword, type ChangePasswordErrors } from './rules';

/** docs/product.md §9: after a successful change the message stays 2 s, then the user goes on. */
const REDIRECT_AFTER_MS = 2000;

const FIELDS: { name: keyof ChangePasswordRequest; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirmar contraseña', autoComplete: 'new-password' },
];

/** /admin/change-password: forced while mustChangePassword (the layout sends the user here), with a logout
 * button; afterwards the user continues to the page they were going to. */
export default function ChangePasswordPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const forced = !!(identity as Identity | undefined)?.mustChangePassword;

  const [values, setValues] = useState<ChangePasswordRequest>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateChangePassword(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.changePassword(values);
      setDone(message || 'Contraseña cambiada correctamente');
      timer.current = setTimeout(async () => {
        forgetProfile();
        await queryClient.resetQueries({ queryKey: ['auth'] });
        const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
        const next =
          state?.nextPathname && state.nextPathname !== '/change-password'
            ? `${state.nextPathname}${state.nextSearch ?? ''}`
            : '/dashboard';
        navigate(next, { replace: true });
      }, REDIRECT_AFTER_MS);
    } catch (error) {
      const body = errorBody(error);
      const fieldErrors = body?.errors as Record<string, string> | undefined;
      if (fieldErrors) {
        setErrors(
          Object.fromEntries(
            FIELDS.filter((f) => fieldErrors[f.name]).map((f) => [f.name, String(fieldErrors[f.name])]),
          ),
        );
      }
      setFailure(changePasswordFailure(error instanceof HttpError ? error.status : undefined, body?.message));
      setBusy(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            Cambiar Contraseña
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {forced
              ? 'Debes cambiar tu contraseña antes de continuar.'
              : 'Elige una nueva contraseña de al menos 6 caracteres.'}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {done && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {done}. Redirigiendo...
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            {FIELDS.map((field) => (
              <TextField
                key={field.name}
                type="password"
                label={field.label}
                name={field.name}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                onChange={(e) => {
                  setValues({ ...values, [field.name]: e.target.value });
                  if (errors[field.name]) setErrors({ ...errors, [field.name]: undefined });
                }}
                error={!!errors[field.name]}
                helperText={errors[field.name]}
                disabled={!!done}
                fullWidth
              />
            ))}
            <Button type="submit" variant="contained" size="large" disabled={busy || !!done}>
              Cambiar Contraseña
            </Button>
            <Button startIcon={<LogoutIcon />} onClick={() => logout({}, undefined, false)} disabled={!!done}>
              Cerrar Sesión
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
