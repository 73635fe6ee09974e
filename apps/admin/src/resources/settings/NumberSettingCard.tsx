import { useCallback, useState, type FormEvent, type ReactElement } from 'react';
import type { Setting } from '@evreg/contracts';
import { Box, Button, TextField } from '@mui/material';
import { useGetOne, useUpdate } from 'react-admin';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import { FORM_ROW, LoadFailure, SettingsCard, isNotFound, loadFailed } from './SettingsCard';
import { useSettingsAccess } from './useSettingsAccess';

export interface NumberSettingCardProps {
  /** The setting's key (SETTING_KEYS). */
  settingKey: string;
  /** What applies while the setting was never saved. */
  defaultValue: number;
  icon: ReactElement;
  title: string;
  subheader: string;
  label: string;
  /** The field's help while there is no error. */
  help: string;
  /** The rule's Spanish message for a value, or null when it is valid (the card's tested rules.ts). */
  validate: (value: string) => string | null;
  /** The banner after a save. */
  savedText: (value: string) => string;
  /** The banner after a refused save. */
  failedText: (reason: string | undefined) => string;
  width: number;
}

/** An Events screen header card for one number setting: the field follows the stored value, is checked by its rule
 * before saving, and says the outcome in a banner. Never saved yet: the API answers 404 and the default applies.
 * Any other failure to load: no value is shown and nothing can be saved until it loads (the default would
 * overwrite the real one). */
export function NumberSettingCard(props: NumberSettingCardProps) {
  const { canEdit } = useSettingsAccess();
  const {
    data,
    isPending,
    error: loadError,
    refetch,
    isFetching,
  } = useGetOne<Setting & { id: string }>('settings', { id: props.settingKey });
  const failed = loadFailed(loadError, isNotFound);
  const [update, { isPending: saving }] = useUpdate<Setting & { id: string }>();
  const saved = failed ? '' : (data?.value ?? String(props.defaultValue));
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
  const save = (next: string) =>
    update(
      'settings',
      { id: props.settingKey, data: { value: next }, previousData: data },
      {
        onSuccess: (setting) =>
          setBanner({ severity: 'success', text: props.savedText(setting.value), vanishAfterMs: 3000 }),
        onError: (e) => setBanner({ severity: 'error', text: props.failedText(e.message) }),
      },
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = props.validate(value);
    setError(problem);
    setBanner(null);
    if (!problem && !failed) void save(value.trim());
  }

  return (
    <SettingsCard icon={props.icon} title={props.title} subheader={props.subheader}>
      {failed && <LoadFailure error={loadError} retrying={isFetching} onRetry={() => void refetch()} />}
      <Box component="form" noValidate onSubmit={submit} aria-label={props.title} sx={FORM_ROW}>
        <TextField
          label={props.label}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={!!error}
          // Not loaded: the card's alert says why; a disabled field's grey help would be unreadable.
          helperText={failed ? undefined : (error ?? props.help)}
          disabled={!canEdit || isPending || failed}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: props.width }}
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
