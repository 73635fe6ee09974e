import { t } from '../i18n';

/** Whole seconds left until expiresAt, rounded up, never below zero (docs/product.md §9: the countdown ticks every second,
 * rounded up). */
export function secondsLeft(expiresAt: string, now: number = Date.now()): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** m:ss, as on the card. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** What a screen reader hears, and only at a few moments so it is not flooded every second: at each whole
 * minute, at 30 and 10 seconds, and at zero. Null at any other second. */
export function announcement(seconds: number): string | null {
  if (seconds === 0) return t('countdown.over');
  if (seconds === 30 || seconds === 10) return t('countdown.seconds', { count: seconds });
  if (seconds % 60 === 0) return t('countdown.minutes', { count: seconds / 60 });
  return null;
}
