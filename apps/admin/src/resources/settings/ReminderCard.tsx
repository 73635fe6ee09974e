import { REMINDER_HOURS, SETTING_KEYS } from '@evreg/contracts';
import AlarmIcon from '@mui/icons-material/Alarm';
import { withReason } from '../../common/withReason';
import { NumberSettingCard } from './NumberSettingCard';
import { reminderHoursError } from './rules';

/** Events screen header card: how many hours before a session each seated person gets its reminder, by e-mail
 * and SMS, with the link that frees the seat (ReminderHoursBeforeSession, 0-720, default 24; 0 turns reminders
 * off; docs/domain.md, "Reminders"). */
export function ReminderCard() {
  return (
    <NumberSettingCard
      settingKey={SETTING_KEYS.reminderHoursBeforeSession}
      defaultValue={REMINDER_HOURS.default}
      icon={<AlarmIcon color="primary" />}
      title="Recordatorio antes de la sesión"
      subheader="Horas antes del inicio en que cada inscrito recibe el recordatorio con el enlace para liberar su plaza"
      label="Horas antes"
      help={`De ${REMINDER_HOURS.min} a ${REMINDER_HOURS.max}; 0 los desactiva`}
      validate={reminderHoursError}
      savedText={(hours) =>
        hours === '0' ? 'Recordatorios desactivados' : `Recordatorio actualizado: ${hours} horas antes de la sesión`
      }
      failedText={(reason) => withReason('Error al actualizar la configuración', reason)}
      width={240}
    />
  );
}
