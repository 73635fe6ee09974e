export { HoldDurationCard } from './HoldDurationCard';
export { WaitingListLimitsCard } from './WaitingListLimitsCard';
export { ReminderCard } from './ReminderCard';
export { useSettingsAccess } from './useSettingsAccess';
