import { HOLD_DURATION_MINUTES, SETTING_KEYS } from '@evreg/contracts';
import TimerIcon from '@mui/icons-material/Timer';
import { NumberSettingCard } from './NumberSettingCard';
import { holdDurationError } from './rules';

/** Events screen header card: how long a visitor's held places last (TicketHoldDurationMinutes, 1-60,
 * default 3). */
export function HoldDurationCard() {
  return (
    <NumberSettingCard
      settingKey={SETTING_KEYS.ticketHoldDurationMinutes}
      defaultValue={HOLD_DURATION_MINUTES.default}
      icon={<TimerIcon color="primary" />}
      title="Duración de la reserva de plazas"
      subheader="Minutos que se guardan las plazas elegidas mientras se rellena el formulario"
      label="Minutos"
      help={`Entre ${HOLD_DURATION_MINUTES.min} y ${HOLD_DURATION_MINUTES.max} minutos`}
      validate={holdDurationError}
      savedText={(minutes) => `Duración de la reserva actualizada a ${minutes} minutos`}
      failedText={(reason) => reason || 'Error al actualizar la configuración'}
      width={200}
    />
  );
}
