import { EntityManager } from 'typeorm';
import { recordPromotionSms } from '../sms/promotion-sms';
import { recordEmails } from './outbox';
import { LockedSession, freeOnlineSpots } from './session-state';

/** Moves waiting entries, in position order, onto free online spots: each becomes an active registration and
 * gets the Promotion e-mail (and SMS, when SMS is enabled and a phone is known). Runs inside the caller's transaction with the session row locked (lockSession),
 * after any change that can free spots: cancellation, deletion, capacity change, hold release, unlock.
 * Nothing happens while the session's promotion is locked. Answers the promoted registration ids. */
export async function promoteWaiting(m: EntityManager, session: LockedSession): Promise<number[]> {
  if (session.isPromotionLocked || session.queueCount === 0) return [];
  const free = freeOnlineSpots(session);
  if (free === 0) return [];
  const [promoted]: [{ id: number; position: number }[]] = await m.query(
    `WITH p AS (SELECT id, queue_position FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position LIMIT $2)
     UPDATE registrations r SET state = 0, queue_position = NULL, promoted_at = now(), registered_at = now(), uses_reserved_spot = false
       FROM p WHERE r.id = p.id
     RETURNING r.id, p.queue_position AS position`,
    [session.id, free],
  );
  promoted.sort((x, y) => x.position - y.position);
  if (!promoted.length) return [];
  const n = promoted.length;
  await m.query(`UPDATE registrations SET queue_position = queue_position - $2 WHERE session_id = $1 AND state = 2`, [
    session.id,
    n,
  ]);
  await m.query(
    `UPDATE event_sessions SET online_registered = online_registered + $2, queue_count = queue_count - $2 WHERE id = $1`,
    [session.id, n],
  );
  session.onlineRegistered += n;
  session.queueCount -= n;
  const ids = promoted.map((row) => row.id);
  await recordEmails(m, 'Promotion', ids);
  await recordPromotionSms(m, ids);
  return ids;
}

/** Closes the gap a waiting entry leaves at `position` (1..n stays exact). */
export async function closeQueueGap(m: EntityManager, session: LockedSession, position: number): Promise<void> {
  await m.query(
    `UPDATE registrations SET queue_position = queue_position - 1 WHERE session_id = $1 AND state = 2 AND queue_position > $2`,
    [session.id, position],
  );
  await m.query(`UPDATE event_sessions SET queue_count = queue_count - 1 WHERE id = $1`, [session.id]);
  session.queueCount -= 1;
}
