import { useCallback, useState, type FormEvent } from 'react';
import { REMINDER_HOURS, SETTING_KEYS, type Setting } from '@evreg/contracts';
import AlarmIcon from '@mui/icons-material/Alarm';
import { Box, Button, TextField } from '@mui/material';
import { useGetOne, useUpdate } from 'react-admin';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import { withReason } from '../../common/withReason';
import { reminderHoursError } from './rules';
import { FORM_ROW, LoadFailure, SettingsCard, isNotFound, loadFailed } from './SettingsCard';
import { useSettingsAccess } from './useSettingsAccess';

const KEY = SETTING_KEYS.reminderHoursBeforeSession;

/** Events screen header card: how many hours before a session each seated person gets its reminder, by e-mail
 * and SMS, with the link that frees the seat (ReminderHoursBeforeSession, 0-720, default 24; 0 turns reminders
 * off; docs/domain.md, "Reminders"). */
export function ReminderCard() {
  const { canEdit } = useSettingsAccess();
  // Never saved yet: the API answers 404 and the default applies. Any other failure: no value is shown and
  // nothing can be saved until it loads (the default would overwrite the real one).
  const {
    data,
    isPending,
    error: loadError,
    refetch,
    isFetching,
  } = useGetOne<Setting & { id: string }>('settings', { id: KEY });
  const failed = loadFailed(loadError, isNotFound);
  const [update, { isPending: saving }] = useUpdate<Setting & { id: string }>();
  const saved = failed ? '' : (data?.value ?? String(REMINDER_HOURS.default));
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

  const save = (hours: string) =>
    update(
      'settings',
      { id: KEY, data: { value: hours }, previousData: data },
      {
        onSuccess: (setting) =>
          setBanner({
            severity: 'success',
            text:
              setting.value === '0'
                ? 'Recordatorios desactivados'
                : `Recordatorio actualizado: ${setting.value} horas antes de la sesión`,
            vanishAfterMs: 3000,
          }),
        onError: (e) =>
          setBanner({ severity: 'error', text: withReason('Error al actualizar la configuración', e.message) }),
      },
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = reminderHoursError(value);
    setError(problem);
    setBanner(null);
    if (!problem && !failed) void save(value.trim());
  }

  return (
    <SettingsCard
      icon={<AlarmIcon color="primary" />}
      title="Recordatorio antes de la sesión"
      subheader="Horas antes del inicio en que cada inscrito recibe el recordatorio con el enlace para liberar su plaza"
    >
      {failed && <LoadFailure error={loadError} retrying={isFetching} onRetry={() => void refetch()} />}
      <Box component="form" noValidate onSubmit={submit} aria-label="Recordatorio antes de la sesión" sx={FORM_ROW}>
        <TextField
          label="Horas antes"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={
            failed ? undefined : (error ?? `De ${REMINDER_HOURS.min} a ${REMINDER_HOURS.max}; 0 los desactiva`)
          }
          disabled={!canEdit || isPending || failed}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 240 }}
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
