export interface Setting {
  key: string;
  value: string;
  description: string | null;
  updatedAt: string;
}

/** PUT /api/settings/{key} body: `{ data: { key, value } }` (docs/product.md §7). */
export interface UpdateSettingRequest {
  data: { key: string; value: string };
}

export interface WaitingListSettings {
  defaultMaxQueueSpots: number;
  globalMaxQueueSpots: number;
}

export interface BulkUpdateWaitingLimitsRequest {
  newQueueLimit: number;
}

export interface BulkUpdateWaitingLimitsResponse {
  updatedSessions: number;
}

export const SETTING_KEYS = {
  ticketHoldDurationMinutes: 'TicketHoldDurationMinutes',
  defaultMaxQueueSpots: 'DefaultMaxQueueSpots',
  globalMaxQueueSpots: 'GlobalMaxQueueSpots',
  reminderHoursBeforeSession: 'ReminderHoursBeforeSession',
} as const;

export const HOLD_DURATION_MINUTES = { default: 3, min: 1, max: 60 } as const;
export const DEFAULT_MAX_QUEUE_SPOTS = 10;
export const DEFAULT_GLOBAL_MAX_QUEUE_SPOTS = 100;

/** Hours before a session its reminder goes out (docs/domain.md, "Reminders"); 0 turns reminders off. At most a
 * month ahead. */
export const REMINDER_HOURS = { default: 24, min: 0, max: 720 } as const;
