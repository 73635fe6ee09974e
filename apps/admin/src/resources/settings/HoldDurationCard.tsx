import { useCallback, useState, type FormEvent } from 'react';
import { HOLD_DURATION_MINUTES, SETTING_KEYS, type Setting } from '@evreg/contracts';
import TimerIcon from '@mui/icons-material/Timer';
import { Box, Button, TextField } from '@mui/material';
import { useGetOne, useUpdate } from 'react-admin';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import { holdDurationError } from './rules';
import { FORM_ROW, LoadFailure, SettingsCard, isNotFound, loadFailed } from './SettingsCard';
import { useSettingsAccess } from './useSettingsAccess';

const KEY = SETTING_KEYS.ticketHoldDurationMinutes;

/** Events screen header card: how long a visitor's held places last (TicketHoldDurationMinutes, 1-60,
 * default 3). */
export function HoldDurationCard() {
  const { canEdit } = useSettingsAccess();
  // The `settings` record of this key. Never saved yet: the API answers 404 and the default applies. Any other
  // failure: no value is shown and nothing can be saved until it loads (the default would overwrite the real one).
  const {
    data,
    isPending,
    error: loadError,
    refetch,
    isFetching,
  } = useGetOne<Setting & { id: string }>('settings', {
    id: KEY,
  });
  const failed = loadFailed(loadError, isNotFound);
  const [update, { isPending: saving }] = useUpdate<Setting & { id: string }>();
  const saved = failed ? '' : (data?.value ?? String(HOLD_DURATION_MINUTES.default));
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

  // useUpdate puts the saved setting in react-admin's cache: the field follows it.
  const save = (minutes: string) =>
    update(
      'settings',
      { id: KEY, data: { value: minutes }, previousData: data },
      {
        onSuccess: (setting) =>
          setBanner({
            severity: 'success',
            text: `Duración de la reserva actualizada a ${setting.value} minutos`,
            vanishAfterMs: 3000,
          }),
        onError: (e) => setBanner({ severity: 'error', text: e.message || 'Error al actualizar la configuración' }),
      },
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = holdDurationError(value);
    setError(problem);
    setBanner(null);
    if (!problem && !failed) void save(value.trim());
  }

  return (
    <SettingsCard
      icon={<TimerIcon color="primary" />}
      title="Duración de la reserva de plazas"
      subheader="Minutos que se guardan las plazas elegidas mientras se rellena el formulario"
    >
      {failed && <LoadFailure error={loadError} retrying={isFetching} onRetry={() => void refetch()} />}
      <Box component="form" noValidate onSubmit={submit} sx={FORM_ROW}>
        <TextField
          label="Minutos"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={!!error}
          // Not loaded: the card's alert says why; a disabled field's grey help would be unreadable.
          helperText={
            failed ? undefined : (error ?? `Entre ${HOLD_DURATION_MINUTES.min} y ${HOLD_DURATION_MINUTES.max} minutos`)
          }
          disabled={!canEdit || isPending || failed}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 200 }}
        />
        {canEdit && (
          <Button type="submit" variant="contained" disabled={saving || isPending || failed} sx={{ mt: 1 }}>
            Guardar
          </Button>
        )}
      </Box>
      <TimedAlert banner={banner} onDone={clearBanner} />
    </SettingsCard>
  );
}
