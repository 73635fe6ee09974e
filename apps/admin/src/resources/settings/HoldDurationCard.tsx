import { useCallback, useState, type FormEvent } from 'react';
import { HOLD_DURATION_MINUTES, SETTING_KEYS } from '@evreg/contracts';
import TimerIcon from '@mui/icons-material/Timer';
import { Box, Button, TextField } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { holdDurationError } from './rules';
import { FORM_ROW, SettingsCard } from './SettingsCard';
import { useSettingsAccess } from './useSettingsAccess';

const KEY = SETTING_KEYS.ticketHoldDurationMinutes;

/** Events screen header card: how long a visitor's held places last (TicketHoldDurationMinutes, 1-60,
 * default 3). */
export function HoldDurationCard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const { canEdit } = useSettingsAccess();
  const { data, isPending } = useQuery({
    queryKey: ['settings', KEY],
    // Never saved yet: the API answers 404 and the default applies.
    queryFn: () =>
      dataProvider
        .getSetting(KEY)
        .catch((error) => (error instanceof HttpError && error.status === 404 ? null : Promise.reject(error))),
  });
  const saved = data?.value ?? String(HOLD_DURATION_MINUTES.default);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);

  // The field follows the stored value whenever it loads or changes (adjusted during render, not in an effect).
  const [shown, setShown] = useState<string | null>(null);
  if (!isPending && shown !== saved) {
    setShown(saved);
    setValue(saved);
  }

  const save = useMutation({
    mutationFn: (minutes: string) => dataProvider.updateSetting(KEY, minutes),
    onSuccess: (setting) => {
      queryClient.setQueryData(['settings', KEY], setting);
      setBanner({
        severity: 'success',
        text: `Duración de la reserva actualizada a ${setting.value} minutos`,
        vanishAfterMs: 3000,
      });
    },
    onError: (e) => setBanner({ severity: 'error', text: e.message || 'Error al actualizar la configuración' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = holdDurationError(value);
    setError(problem);
    setBanner(null);
    if (!problem) save.mutate(value.trim());
  }

  return (
    <SettingsCard
      icon={<TimerIcon color="primary" />}
      title="Duración de la reserva de plazas"
      subheader="Minutos que se guardan las plazas elegidas mientras se rellena el formulario"
    >
      <Box component="form" noValidate onSubmit={submit} sx={FORM_ROW}>
        <TextField
          label="Minutos"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? `Entre ${HOLD_DURATION_MINUTES.min} y ${HOLD_DURATION_MINUTES.max} minutos`}
          disabled={!canEdit || isPending}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 200 }}
        />
        {canEdit && (
          <Button type="submit" variant="contained" disabled={save.isPending || isPending} sx={{ mt: 1 }}>
            Guardar
          </Button>
        )}
      </Box>
      <TimedAlert banner={banner} onDone={clearBanner} />
    </SettingsCard>
  );
}
