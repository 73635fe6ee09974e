import { useMemo } from 'react';
import { SMS_MESSAGES, type SmsSettings } from '@evreg/contracts';
import SmsIcon from '@mui/icons-material/Sms';
import { Alert, Box } from '@mui/material';
import { BooleanInput, Loading, TextInput, useGetOne } from 'react-admin';
import { ListError } from '../../common/ListStates';
import { SecretInput } from '../../common/SecretInput';
import { SettingsForm, WhenField } from '../../common/SettingsForm';
import { SettingsCard } from '../settings/SettingsCard';
import { smsRequestFromForm, TOKEN_PLACEHOLDER_KEEP, TOKEN_PLACEHOLDER_NEW, type SmsSettingsForm } from './rules';

/** /admin/sms-settings (Settings.Update): sending on/off, sender and the Netelip token (docs/product.md §2, 3, 5, 8). */
export default function SmsSettingsPage() {
  // The `sms-settings` record (one), saved with useUpdate by the form.
  const { data, isPending, isError } = useGetOne<SmsSettings & { id: string }>('sms-settings', { id: 'current' });

  if (isError) return <ListError text="Error al cargar la configuración de SMS. Por favor, intenta de nuevo." />;
  if (isPending) return <Loading />;
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <SmsSettingsCard saved={data} />
    </Box>
  );
}

function SmsSettingsCard({ saved }: { saved: SmsSettings }) {
  // The token is write-only: never shown once saved (the form resets to the saved answer, token empty).
  const values = useMemo<SmsSettingsForm>(
    () => ({ smsEnabled: saved.smsEnabled, senderName: saved.senderName ?? '', netelipToken: '' }),
    [saved],
  );

  return (
    <SettingsCard
      icon={<SmsIcon color="primary" />}
      title="Envío de SMS"
      subheader="Avisos por SMS a las personas inscritas, a través de Netelip"
    >
      <SettingsForm resource="sms-settings" values={values} toRequest={smsRequestFromForm}>
        <BooleanInput source="smsEnabled" label="Envío de SMS habilitado" helperText={false} sx={{ m: 0 }} />
        {/* The warning follows the switch as it is on screen. */}
        <WhenField source="smsEnabled">
          {(enabled) =>
            !enabled && (
              <Alert severity="warning" role="status">
                {SMS_MESSAGES.disabled}
              </Alert>
            )
          }
        </WhenField>
        <TextInput
          source="senderName"
          label="Nombre del remitente"
          helperText="Hasta 11 letras, números o espacios, o un número de teléfono"
          slotProps={{ htmlInput: { maxLength: 16 } }}
          fullWidth
          sx={{ m: 0 }}
        />
        <SecretInput
          source="netelipToken"
          label="Token de Netelip"
          placeholder={saved.hasToken ? TOKEN_PLACEHOLDER_KEEP : TOKEN_PLACEHOLDER_NEW}
          helperText={
            saved.hasToken
              ? 'Hay un token guardado: se mantiene si dejas el campo vacío'
              : 'No hay ningún token guardado'
          }
        />
      </SettingsForm>
    </SettingsCard>
  );
}
