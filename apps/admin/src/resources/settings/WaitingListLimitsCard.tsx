import { useCallback, useState, type FormEvent } from 'react';
import {
  DEFAULT_GLOBAL_MAX_QUEUE_SPOTS,
  DEFAULT_MAX_QUEUE_SPOTS,
  MESSAGES,
  type WaitingListSettings,
} from '@evreg/contracts';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Box, Button, Divider, TextField, Typography } from '@mui/material';
import { useGetOne, useUpdate } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { errorText } from '../../common/notifyError';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import { useCommand } from '../../common/useCommand';
import { withReason } from '../../common/withReason';
import { waitingLimitError } from './rules';
import { FORM_ROW, LoadFailure, SettingsCard, loadFailed } from './SettingsCard';
import { useSettingsAccess } from './useSettingsAccess';

/** Events screen header card: the waiting-list limits (queue-settings) and the bulk limit for every session
 * not yet ended (docs/product.md §7, 8, 9: 3 s banner for the limits, 5 s for the bulk update). */
export function WaitingListLimitsCard() {
  const { canEdit } = useSettingsAccess();
  // The `settings` record 'queue-settings' (also read by the session form for its default).
  // A failure to load shows no values and disables saving until they load (the defaults would overwrite them).
  const {
    data,
    isPending,
    error: loadError,
    refetch,
    isFetching,
  } = useGetOne<WaitingListSettings & { id: string }>('settings', { id: 'queue-settings' });
  const failed = loadFailed(loadError);
  const [update, { isPending: savingLimits }] = useUpdate<WaitingListSettings & { id: string }>();
  const command = useCommand();

  const [limits, setLimits] = useState({ defaultMaxQueueSpots: '', globalMaxQueueSpots: '' });
  const [errors, setErrors] = useState<{ defaultMaxQueueSpots?: string; globalMaxQueueSpots?: string; bulk?: string }>(
    {},
  );
  const [bulk, setBulk] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);

  // The fields follow the stored values whenever they load or change (adjusted during render, not in an effect).
  const [shown, setShown] = useState<typeof data | null | 'failed'>(null);
  if (failed && shown !== 'failed') {
    setShown('failed');
    setLimits({ defaultMaxQueueSpots: '', globalMaxQueueSpots: '' });
  } else if (!failed && !isPending && shown !== data) {
    setShown(data);
    setLimits({
      defaultMaxQueueSpots: String(data?.defaultMaxQueueSpots ?? DEFAULT_MAX_QUEUE_SPOTS),
      globalMaxQueueSpots: String(data?.globalMaxQueueSpots ?? DEFAULT_GLOBAL_MAX_QUEUE_SPOTS),
    });
  }

  // useUpdate puts the saved limits in react-admin's cache: the fields follow them.
  const saveLimits = () =>
    update(
      'settings',
      {
        id: 'queue-settings',
        data: {
          defaultMaxQueueSpots: Number(limits.defaultMaxQueueSpots),
          globalMaxQueueSpots: Number(limits.globalMaxQueueSpots),
        },
        previousData: data,
      },
      {
        onSuccess: () =>
          setBanner({
            severity: 'success',
            text: 'Configuración de límites actualizada correctamente',
            vanishAfterMs: 3000,
          }),
        onError: (e) =>
          setBanner({ severity: 'error', text: withReason('Error al actualizar la configuración', e.message) }),
      },
    );

  // A command over every session not yet ended: the events (with their sessions) are read again.
  async function applyToSessions(limit: number) {
    const { updatedSessions } = await command((p) => p.bulkUpdateWaitingLimits(limit), ['events']);
    setBanner({
      severity: 'success',
      text: `Actualizadas ${updatedSessions} sesiones con nuevo límite de ${limit}`,
      vanishAfterMs: 5000,
    });
  }

  function submitLimits(event: FormEvent) {
    event.preventDefault();
    const found = {
      defaultMaxQueueSpots: waitingLimitError(limits.defaultMaxQueueSpots) ?? undefined,
      globalMaxQueueSpots: waitingLimitError(limits.globalMaxQueueSpots) ?? undefined,
    };
    setErrors(found);
    setBanner(null);
    if (!failed && !found.defaultMaxQueueSpots && !found.globalMaxQueueSpots) void saveLimits();
  }

  function submitBulk(event: FormEvent) {
    event.preventDefault();
    const problem = waitingLimitError(bulk, MESSAGES.sessions.newWaitingLimitInvalid) ?? undefined;
    setErrors({ ...errors, bulk: problem });
    setBanner(null);
    if (!problem) setConfirming(true);
  }

  const limitField = (name: 'defaultMaxQueueSpots' | 'globalMaxQueueSpots', label: string, help: string) => (
    <TextField
      label={label}
      value={limits[name]}
      onChange={(e) => {
        setLimits({ ...limits, [name]: e.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
      error={!!errors[name]}
      helperText={failed ? undefined : (errors[name] ?? help)}
      disabled={!canEdit || isPending || failed}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ flex: '1 1 180px' }}
    />
  );

  return (
    <SettingsCard
      icon={<PlaylistAddCheckIcon color="primary" />}
      title="Límites de la lista de espera"
      subheader="Plazas de lista de espera de las sesiones nuevas y máximo permitido en cualquier sesión"
    >
      {failed && <LoadFailure error={loadError} retrying={isFetching} onRetry={() => void refetch()} />}
      <Box component="form" noValidate onSubmit={submitLimits} aria-label="Límites de la lista de espera" sx={FORM_ROW}>
        {limitField('defaultMaxQueueSpots', 'Límite por defecto', 'Para las sesiones nuevas')}
        {limitField('globalMaxQueueSpots', 'Límite global', 'Máximo en cualquier sesión')}
        {canEdit && (
          <Button type="submit" variant="contained" disabled={savingLimits || isPending || failed} sx={{ mt: 1 }}>
            Guardar límites
          </Button>
        )}
      </Box>
      {canEdit && (
        <>
          <Divider sx={{ my: 2 }} />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Cambiar el máximo de la lista de espera de todas las sesiones que aún no han terminado (nunca por debajo de
            quienes ya esperan).
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={submitBulk}
            aria-label="Límite para todas las sesiones"
            sx={FORM_ROW}
          >
            <TextField
              label="Nuevo límite para todas las sesiones"
              value={bulk}
              onChange={(e) => {
                setBulk(e.target.value);
                setErrors({ ...errors, bulk: undefined });
              }}
              error={!!errors.bulk}
              helperText={errors.bulk ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: '1 1 260px' }}
            />
            <Button type="submit" variant="outlined" disabled={confirming} sx={{ mt: 1 }}>
              Aplicar a todas las sesiones
            </Button>
          </Box>
        </>
      )}
      <TimedAlert banner={banner} onDone={clearBanner} />
      {confirming && (
        <Confirmation
          kind="action"
          title="Aplicar límite a todas las sesiones"
          question={`¿Fijar en ${bulk.trim()} el máximo de la lista de espera de todas las sesiones que aún no han terminado?`}
          confirmLabel="Aplicar"
          cancelLabel="Cancelar"
          onClose={() => setConfirming(false)}
          onError={(error) =>
            setBanner({ severity: 'error', text: withReason('Error al actualizar las sesiones', errorText(error, '')) })
          }
          onConfirm={() => applyToSessions(Number(bulk.trim()))}
        />
      )}
    </SettingsCard>
  );
}
