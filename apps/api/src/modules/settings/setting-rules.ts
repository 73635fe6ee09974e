import { HOLD_DURATION_MINUTES, MESSAGES, REMINDER_HOURS, SETTING_KEYS } from '@evreg/contracts';

/** Which settings exist and what values each accepts: an answer of null means valid, otherwise the Spanish
 * message. Unknown keys are refused, so a typo never creates a setting nobody reads. */
export const SETTING_RULES: Record<string, (value: string) => string | null> = {
  [SETTING_KEYS.ticketHoldDurationMinutes]: (value) => {
    if (!/^-?\d+$/.test(value.trim())) return MESSAGES.settings.holdDurationNumber;
    const minutes = Number(value);
    if (minutes < HOLD_DURATION_MINUTES.min) return MESSAGES.settings.holdDurationMin;
    if (minutes > HOLD_DURATION_MINUTES.max) return MESSAGES.settings.holdDurationMax;
    return null;
  },
  [SETTING_KEYS.defaultMaxQueueSpots]: nonNegativeInteger,
  [SETTING_KEYS.globalMaxQueueSpots]: nonNegativeInteger,
  // Hours before a session its reminder goes out; 0 turns reminders off (docs/domain.md, "Reminders").
  [SETTING_KEYS.reminderHoursBeforeSession]: (value) =>
    /^\d+$/.test(value.trim()) && Number(value) >= REMINDER_HOURS.min && Number(value) <= REMINDER_HOURS.max
      ? null
      : MESSAGES.settings.reminderHours,
};

function nonNegativeInteger(value: string): string | null {
  return /^\d+$/.test(value.trim()) && Number(value) <= 100_000 ? null : MESSAGES.settings.waitingLimitNumber;
}
