import { EMAIL_STATUS, SMS_STATUS } from '@evreg/contracts';

/** The status of every outbox row (e-mail, SMS, webhook delivery): pending until a sender records it sent
 * (delivered) or failed for good. Written into the SQL as these literals, so the partial indexes `WHERE status = 0`
 * still match. The contracts' EMAIL_STATUS and SMS_STATUS are the same values as the API answers them. */
export const OUTBOX_STATUS = { Pending: 0, Sent: 1, Failed: 2 } as const satisfies typeof EMAIL_STATUS &
  typeof SMS_STATUS;

/** A row a sender may claim now: pending and held by nobody (no claim, or one whose lease has run out). `alias`
 * prefixes the columns (`d.` for `FROM webhook_deliveries d`). */
export function claimableSql(alias = ''): string {
  return `${alias}status = ${OUTBOX_STATUS.Pending} AND (${alias}claimed_until IS NULL OR ${alias}claimed_until <= now())`;
}

/** Claimable, and its next try has come (the outboxes that schedule retries on the row: e-mail, webhooks). */
export function dueSql(alias = ''): string {
  return `${claimableSql(alias)} AND ${alias}next_attempt_at <= now()`;
}
