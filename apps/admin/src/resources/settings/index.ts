export { HoldDurationCard } from './HoldDurationCard';
export { QueueLimitsCard } from './QueueLimitsCard';
export { useSettingsAccess } from './useSettingsAccess';
