/** 'Estado del sistema' (GET /api/system/status, Settings.Read): what staff check when something seems wrong.
 * Each part is `ok`, `down` (configured and not answering), or a state that needs no action. */
export type CheckState = 'ok' | 'down' | 'not-configured' | 'embedded';

export interface ServiceCheck {
  state: CheckState;
  /** The round trip of the check, in milliseconds (none when not checked). */
  latencyMs: number | null;
  /** Spanish detail: the host checked, or why it is down (never a credential). */
  detail: string | null;
}

export type OutboxChannelName = 'email' | 'sms' | 'webhook';

export interface OutboxBacklog {
  channel: OutboxChannelName;
  /** Messages waiting to be sent (pending). */
  pending: number;
  /** Age in seconds of the oldest pending one (null when none waits). */
  oldestPendingSeconds: number | null;
  /** When this instance last swept the channel (ISO time; null before its first sweep). */
  lastSweepAt: string | null;
}

export interface SystemStatus {
  checkedAt: string;
  version: { version: string; commit: string | null };
  database: ServiceCheck & { mode: 'postgres' | 'embedded' };
  redis: ServiceCheck;
  smtp: ServiceCheck;
  sms: ServiceCheck;
  outbox: OutboxBacklog[];
}

/** The Spanish names the back office shows for each channel. */
export const OUTBOX_CHANNEL_LABELS: Record<OutboxChannelName, string> = {
  email: 'Emails',
  sms: 'SMS',
  webhook: 'Webhooks',
};
