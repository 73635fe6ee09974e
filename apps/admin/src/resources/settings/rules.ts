import { HOLD_DURATION_MINUTES, MESSAGES, REMINDER_HOURS } from '@evreg/contracts';

/** docs/product.md §5, hold duration: an integer from 1 to 60 minutes. null when valid. */
export function holdDurationError(value: string): string | null {
  if (!/^-?\d+$/.test(value.trim())) return MESSAGES.settings.holdDurationNumber;
  const minutes = Number(value);
  if (minutes < HOLD_DURATION_MINUTES.min) return MESSAGES.settings.holdDurationMin;
  if (minutes > HOLD_DURATION_MINUTES.max) return MESSAGES.settings.holdDurationMax;
  return null;
}

/** Waiting-list limits and the bulk limit: whole numbers, not negative (docs/product.md §5). */
export function waitingLimitError(
  value: string,
  message: string = MESSAGES.settings.waitingLimitNumber,
): string | null {
  return /^\d+$/.test(value.trim()) ? null : message;
}

/** Hours before a session its reminder goes out: a whole number from 0 (off) to 720, as the API checks it. */
export function reminderHoursError(value: string): string | null {
  const hours = Number(value);
  return /^\d+$/.test(value.trim()) && hours >= REMINDER_HOURS.min && hours <= REMINDER_HOURS.max
    ? null
    : MESSAGES.settings.reminderHours;
}
