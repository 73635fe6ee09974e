export { HoldDurationCard } from './HoldDurationCard';
export { QueueLimitsCard } from './QueueLimitsCard';
export { ReminderCard } from './ReminderCard';
export { useSettingsAccess } from './useSettingsAccess';
