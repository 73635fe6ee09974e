import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { EmailSettings } from '@evreg/contracts';
import DnsIcon from '@mui/icons-material/Dns';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, FormHelperText, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { BooleanInput, Loading, TextInput, useDataProvider, useGetOne } from 'react-admin';
import { ListError } from '../../common/ListStates';
import { SecretInput } from '../../common/SecretInput';
import { SettingsForm, WhenField } from '../../common/SettingsForm';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import { withReason } from '../../common/withReason';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import {
  asBoolean,
  formFromSettings,
  requestFromForm,
  settingsErrors,
  TEST_NEEDS_ENABLED,
  testEmailProblem,
  type EmailSettingsForm,
} from './rules';

/** /admin/email-settings (Settings.Update): the SMTP form and the test e-mail (docs/product.md §2, 3, 5, 8). */
export default function EmailSettingsPage() {
  // The `email-settings` record (one): the form saves it with useUpdate, so the test card follows what is saved.
  const { data, isPending, isError } = useGetOne<EmailSettings & { id: string }>('email-settings', { id: 'current' });

  if (isError) return <ListError text="Error al cargar la configuración de email" />;
  if (isPending) return <Loading />;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, gridTemplateColumns: { lg: '2fr 1fr' }, alignItems: 'start' }}>
      <SmtpCard saved={data} />
      <TestEmailCard enabled={asBoolean(data.emailEnabled, false)} />
    </Box>
  );
}

function SmtpCard({ saved }: { saved: EmailSettings }) {
  const hasPassword = asBoolean(saved.hasSmtpPassword, false);
  // The password is write-only: after each save the field is empty and 'leave empty to keep' applies.
  const values = useMemo(() => formFromSettings(saved), [saved]);

  const text = (
    field: Exclude<keyof EmailSettingsForm, 'emailEnabled' | 'smtpUseSsl' | 'smtpPassword'>,
    label: string,
    help: string,
    extra: object = {},
  ) => <TextInput source={field} label={label} helperText={help} fullWidth sx={{ m: 0 }} {...extra} />;

  return (
    <SettingsCard
      icon={<DnsIcon color="primary" />}
      title="Servidor SMTP"
      subheader="Cómo se envían los emails de inscripción, lista de espera y avisos"
    >
      <SettingsForm resource="email-settings" values={values} check={settingsErrors} toRequest={requestFromForm}>
        <Box>
          <BooleanInput source="emailEnabled" label="Envío de emails activado" helperText={false} sx={{ m: 0 }} />
          <WhenField source="emailEnabled">
            {(enabled) => (
              <FormHelperText sx={{ mt: 0 }}>
                {enabled
                  ? 'Los emails se envían en cuanto se producen.'
                  : 'Desactivado: los emails esperan pendientes y se envían al activarlo.'}
              </FormHelperText>
            )}
          </WhenField>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr' } }}>
          {text('smtpHost', 'Servidor SMTP', 'Por ejemplo smtp.example.com')}
          {text('smtpPort', 'Puerto', 'Por defecto 587', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
        </Box>
        <Box>
          <BooleanInput source="smtpUseSsl" label="Usar SSL/TLS" helperText={false} sx={{ m: 0 }} />
          <FormHelperText sx={{ mt: 0 }}>
            Conexión cifrada obligatoria: TLS directo en el puerto 465, STARTTLS en los demás.
          </FormHelperText>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {text('smtpUsername', 'Usuario SMTP', 'Vacío: sin autenticación', { autoComplete: 'off' })}
          <SecretInput
            source="smtpPassword"
            label="Contraseña SMTP"
            placeholder={hasPassword ? 'Dejar vacío para mantener la actual' : ''}
            helperText={
              hasPassword
                ? 'Hay una contraseña guardada: déjala vacía para mantenerla'
                : 'No hay ninguna contraseña guardada'
            }
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {text('emailFromAddress', 'Email del remitente', 'La dirección desde la que se envían', { type: 'email' })}
          {text('emailFromName', 'Nombre del remitente', 'Por ejemplo Inscripciones')}
        </Box>
        {text(
          'baseUrl',
          'URL base de los enlaces',
          'Dirección del sitio de reservas para los enlaces de cancelación. Vacío: la del servidor',
          {
            placeholder: 'https://reservas.example.com',
          },
        )}
      </SettingsForm>
    </SettingsCard>
  );
}

function TestEmailCard({ enabled }: { enabled: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);

  const send = useMutation({
    mutationFn: (to: string) => dataProvider.sendTestEmail(to),
    onSuccess: ({ message }) => setBanner({ severity: 'success', text: message, vanishAfterMs: 3000 }),
    onError: (e) =>
      setBanner({ severity: 'error', text: withReason('Error al probar configuración de email', e.message) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = testEmailProblem(enabled, address);
    setError(problem);
    setBanner(null);
    if (!problem) send.mutate(address.trim());
  }

  return (
    <SettingsCard
      icon={<SendIcon color="primary" />}
      title="Email de prueba"
      subheader="Se envía ahora mismo con la configuración guardada"
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Email de prueba" sx={{ display: 'grid', gap: 2 }}>
        {!enabled && <Alert severity="info">{TEST_NEEDS_ENABLED}</Alert>}
        <TextField
          label="Email de destino"
          type="email"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? ' '}
          disabled={!enabled}
          fullWidth
        />
        <Box>
          <Button type="submit" variant="outlined" startIcon={<SendIcon />} disabled={!enabled || send.isPending}>
            {send.isPending ? 'Enviando...' : 'Enviar Email de Prueba'}
          </Button>
        </Box>
      </Box>
      <TimedAlert banner={banner} onDone={clearBanner} />
    </SettingsCard>
  );
}
