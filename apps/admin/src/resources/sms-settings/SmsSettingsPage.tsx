import { SMS_MESSAGES, type SmsSettings } from '@evreg/contracts';
import SmsIcon from '@mui/icons-material/Sms';
import { Alert, Box, Button, FormControlLabel, Switch, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useDataProvider } from 'react-admin';
import { ListError } from '../../common/ListStates';
import { SecretField } from '../../common/SecretField';
import { TimedAlert } from '../../common/TimedAlert';
import { useSettingsForm } from '../../common/useSettingsForm';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import { smsRequestFromForm, TOKEN_PLACEHOLDER_KEEP, TOKEN_PLACEHOLDER_NEW, type SmsSettingsForm } from './rules';

const KEY = ['sms-settings'];

/** /admin/sms-settings (Settings.Update): sending on/off, sender and the Netelip token (spec 2, 3, 5, 8). */
export default function SmsSettingsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isPending, isError } = useQuery({ queryKey: KEY, queryFn: () => dataProvider.getSmsSettings() });

  if (isError) return <ListError text="Error al cargar la configuración de SMS. Por favor, intenta de nuevo." />;
  if (isPending) return <Loading />;
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <SmsSettingsCard saved={data} />
    </Box>
  );
}

function SmsSettingsCard({ saved }: { saved: SmsSettings }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const { form, errors, banner, clearBanner, change, submit, saving } = useSettingsForm<SmsSettingsForm, SmsSettings>({
    initial: { smsEnabled: saved.smsEnabled, senderName: saved.senderName ?? '', netelipToken: '' },
    save: (values) => dataProvider.updateSmsSettings(smsRequestFromForm(values)),
    // The token is write-only: never shown once saved.
    saved: (settings) => {
      queryClient.setQueryData(KEY, settings);
      return { smsEnabled: settings.smsEnabled, senderName: settings.senderName ?? '', netelipToken: '' };
    },
  });

  return (
    <SettingsCard
      icon={<SmsIcon color="primary" />}
      title="Envío de SMS"
      subheader="Avisos por SMS a las personas inscritas, a través de Netelip"
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Configuración de SMS"
        sx={{ display: 'grid', gap: 2 }}
      >
        <FormControlLabel
          control={<Switch checked={form.smsEnabled} onChange={(e) => change('smsEnabled', e.target.checked)} />}
          label="Envío de SMS habilitado"
        />
        {!form.smsEnabled && (
          <Alert severity="warning" role="status">
            {SMS_MESSAGES.disabled}
          </Alert>
        )}
        <TextField
          label="Nombre del remitente"
          value={form.senderName}
          onChange={(e) => change('senderName', e.target.value)}
          error={!!errors.senderName}
          helperText={errors.senderName ?? 'Hasta 11 letras, números o espacios, o un número de teléfono'}
          slotProps={{ htmlInput: { maxLength: 16 } }}
          fullWidth
        />
        <SecretField
          label="Token de Netelip"
          value={form.netelipToken}
          onChange={(e) => change('netelipToken', e.target.value)}
          placeholder={saved.hasToken ? TOKEN_PLACEHOLDER_KEEP : TOKEN_PLACEHOLDER_NEW}
          error={!!errors.netelipToken}
          helperText={
            errors.netelipToken ??
            (saved.hasToken
              ? 'Hay un token guardado: se mantiene si dejas el campo vacío'
              : 'No hay ningún token guardado')
          }
          fullWidth
        />
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            Guardar Configuración
          </Button>
        </Box>
      </Box>
      <TimedAlert banner={banner} onDone={clearBanner} />
    </SettingsCard>
  );
}
