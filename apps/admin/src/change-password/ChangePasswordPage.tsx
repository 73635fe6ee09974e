import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChangePasswordRequest } from '@evreg/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useGetIdentity, useLogout } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { errorBody } from '../providers/session';
import { forgetProfile, type Identity } from '../providers/authProvider';
import type { AdminDataProvider } from '../providers/dataProvider';
import { changePasswordFailure, validateChangePassword, wayBack, type ChangePasswordErrors } from './rules';

/** docs/product.md §9: after a successful change the message stays 2 s, then the user goes on. */
const REDIRECT_AFTER_MS = 2000;

const FIELDS: { name: keyof ChangePasswordRequest; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirmar contraseña', autoComplete: 'new-password' },
];

/** /admin/change-password: forced while mustChangePassword (the layout sends the user here), with a logout
 * button; afterwards the user continues to the page they were going to. Otherwise a voluntary change, opened from
 * the header's user menu: 'Volver' returns to the page the user was on without changing anything, and so does a
 * successful change, after its message. */
export default function ChangePasswordPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const { identity, isPending } = useGetIdentity();
  const mustChange = !!(identity as Identity | undefined)?.mustChangePassword;

  /** Back to where the user came from (rules' wayBack): the history's previous page when opened from the menu. */
  const goBack = () => {
    const way = wayBack(location.state);
    if (way.back) navigate(-1);
    else navigate(way.path, { replace: true });
  };

  const [values, setValues] = useState<ChangePasswordRequest>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Whether the change was forced, as it was when it succeeded (the profile is read again before leaving).
  const [doneForced, setDoneForced] = useState(false);
  const forced = done ? doneForced : mustChange;
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
      setDoneForced(mustChange);
      setDone(message || 'Contraseña cambiada correctamente');
      timer.current = setTimeout(async () => {
        forgetProfile();
        await queryClient.resetQueries({ queryKey: ['auth'] });
        goBack();
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
            {/* Until the profile is known, neither: a forced change must never be offered a way round it. */}
            {(!isPending || !!done) &&
              (forced ? (
                <Button startIcon={<LogoutIcon />} onClick={() => logout({}, undefined, false)} disabled={!!done}>
                  Cerrar Sesión
                </Button>
              ) : (
                <Button startIcon={<ArrowBackIcon />} onClick={goBack} disabled={!!done}>
                  Volver
                </Button>
              ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
