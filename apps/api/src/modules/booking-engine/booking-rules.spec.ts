import { REGISTRATION_STATE } from '@evreg/contracts';
import { TEST_SERVER_URL } from '@evreg/testing';
import { Client } from 'pg';
import {
  PLACE_HOLDING_STATES_SQL,
  SessionCounters,
  admittedPrefix,
  admittedPrefixSql,
  allocate,
  fitsOnline,
  fitsOnlineSql,
  freeOnlineSpots,
  freeOnlineSpotsSql,
  manualPromotionSpot,
  onlineCapacity,
  onlineCapacitySql,
  positionsAfterGap,
  positionsAfterPromotion,
  promotableCount,
} from './booking-rules';

const session = (over: Partial<SessionCounters> = {}): SessionCounters => ({
  maxAttendees: 100,
  reservedSpots: 10,
  maxQueueSpots: 5,
  onlineRegistered: 0,
  reservedRegistered: 0,
  heldSpots: 0,
  queueCount: 0,
  isPromotionLocked: false,
  ...over,
});

/** Evaluates an SQL fragment of the rules over one session row, without a database: columns become the
 * values, `greatest` becomes Math.max, `<=` stays. Proves the SQL and the TS say the same. */
function evalSql(fragment: string, s: SessionCounters, alias = '', extra: Record<string, number> = {}): unknown {
  const columns: Record<string, number> = {
    max_attendees: s.maxAttendees,
    reserved_spots: s.reservedSpots,
    online_registered: s.onlineRegistered,
    held_spots: s.heldSpots,
  };
  let js = fragment.replace(/greatest\(/g, 'Math.max(');
  for (const [name, value] of Object.entries(extra)) js = js.split(name).join(`(${value})`);
  for (const [name, value] of Object.entries(columns))
    js = js.replace(new RegExp(`${alias ? `${alias}\\.` : '\\b'}${name}\\b`, 'g'), `(${value})`);
  return new Function(`return ${js};`)();
}

describe('capacity formula', () => {
  it('online capacity is maxAttendees minus the reserved spots, in TS and in SQL', () => {
    const s = session({ maxAttendees: 50, reservedSpots: 8 });
    expect(onlineCapacity(s)).toBe(42);
    expect(onlineCapacitySql('s')).toBe('s.max_attendees - s.reserved_spots');
    expect(evalSql(onlineCapacitySql('s'), s, 's')).toBe(42);
    expect(evalSql(onlineCapacitySql(), s)).toBe(42);
  });

  it('free online spots take away online registrations and held spots, never below zero', () => {
    for (const s of [
      session(),
      session({ onlineRegistered: 60, heldSpots: 25 }),
      session({ onlineRegistered: 90, heldSpots: 0 }),
      session({ maxAttendees: 10, reservedSpots: 10 }),
      session({ onlineRegistered: 80, heldSpots: 20 }),
    ]) {
      const free = freeOnlineSpots(s);
      expect(free).toBe(Math.max(0, s.maxAttendees - s.reservedSpots - s.onlineRegistered - s.heldSpots));
      expect(evalSql(freeOnlineSpotsSql('s'), s, 's')).toBe(free);
    }
    expect(freeOnlineSpots(session({ onlineRegistered: 60, heldSpots: 25 }))).toBe(5);
    expect(freeOnlineSpots(session({ onlineRegistered: 80, heldSpots: 20 }))).toBe(0);
  });

  it('the fit test of the fast paths agrees with the TS rule at the edge of capacity', () => {
    const s = session({ onlineRegistered: 85, heldSpots: 3 }); // 2 seats left online
    for (const delta of [-3, 0, 1, 2, 3]) {
      expect(evalSql(fitsOnlineSql('s', '+ $3'), s, 's', { $3: delta })).toBe(fitsOnline(s, delta));
    }
    expect(fitsOnline(s, 2)).toBe(true);
    expect(fitsOnline(s, 3)).toBe(false);
    // A replacement hold gives back what it replaces: - previous + n.
    expect(evalSql(fitsOnlineSql('', '- $4 + $3'), s, '', { $4: 3, $3: 5 })).toBe(fitsOnline(s, -3 + 5));
  });
});

describe('admission of bookings decided together', () => {
  it('admits requests in arrival order while their running total fits; the first that does not ends it', () => {
    expect(admittedPrefix([2, 2, 1], 4)).toBe(2);
    // The third would fit on its own, but nobody overtakes the second.
    expect(admittedPrefix([1, 5, 1], 4)).toBe(1);
    // Giving back more held spots than it takes makes room for the next.
    expect(admittedPrefix([-2, 3, 3], 4)).toBe(3);
    expect(admittedPrefix([1], 0)).toBe(0);
    expect(admittedPrefix([], 3)).toBe(0);
  });

  // Window functions are beyond evalSql: the test server's PostgreSQL evaluates the fragment over literal rows.
  it('the SQL prefix admits exactly the requests the TS rule admits (evaluated by PostgreSQL)', async () => {
    const db = new Client({ connectionString: TEST_SERVER_URL });
    await db.connect();
    try {
      let seed = 7;
      const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
      const cases: [number[], number | null][] = [
        [[2, 2, 1], 4],
        [[1, 5, 1], 4],
        [[-2, 3, 3], 4],
        [[1, 1], null],
      ];
      for (let i = 0; i < 150; i++)
        cases.push([Array.from({ length: 1 + random(6) }, () => random(6) - 2), random(8) - 1]);
      for (const [needs, free] of cases) {
        const { rows } = await db.query<{ admitted: boolean[] }>(
          `WITH need AS (SELECT * FROM unnest($1::int[]) WITH ORDINALITY AS t(need, n))
           SELECT array_agg(f.admitted ORDER BY f.n) AS admitted FROM (${admittedPrefixSql('need', '$2::int')}) f`,
          [needs, free],
        );
        const admitted = free === null ? 0 : admittedPrefix(needs, free);
        expect(rows[0].admitted).toEqual(needs.map((_, index) => index < admitted));
      }
    } finally {
      await db.end();
    }
  });
});

describe('allocation of a request', () => {
  const place = (freeOnline: number, queueCount = 0, maxQueueSpots = 5) => ({ freeOnline, queueCount, maxQueueSpots });

  it('seats everyone when the seats are there', () => {
    expect(allocate(2, place(5))).toEqual({ seated: 2, queued: 0, waitingPositions: [null, null] });
  });

  it('seats the first attendees and queues the rest at the end of the list', () => {
    expect(allocate(2, place(1, 3))).toEqual({ seated: 1, queued: 1, waitingPositions: [null, 4] });
    expect(allocate(2, place(0, 3))).toEqual({ seated: 0, queued: 2, waitingPositions: [4, 5] });
  });

  it('refuses the whole request when the waiting list has no room for all who would wait', () => {
    expect(allocate(2, place(0, 4))).toBeNull();
    expect(allocate(1, place(0, 5))).toBeNull();
    expect(allocate(2, place(1, 5))).toBeNull();
    expect(allocate(1, place(0, 0, 0))).toBeNull();
  });

  it('never queues while a seat is free, and a full list does not block seated requests', () => {
    expect(allocate(1, place(1, 5))).toEqual({ seated: 1, queued: 0, waitingPositions: [null] });
    expect(allocate(2, place(2, 5, 5))).toEqual({ seated: 2, queued: 0, waitingPositions: [null, null] });
  });

  it('reads negative free seats as none', () => {
    expect(allocate(1, place(-2, 0))).toEqual({ seated: 0, queued: 1, waitingPositions: [1] });
  });
});

describe('promotion', () => {
  it('promotes as many as there are free online seats and people waiting', () => {
    expect(promotableCount(session({ onlineRegistered: 88, queueCount: 5 }))).toBe(2);
    expect(promotableCount(session({ onlineRegistered: 10, queueCount: 3 }))).toBe(3);
    expect(promotableCount(session({ onlineRegistered: 90, queueCount: 3 }))).toBe(0);
    expect(promotableCount(session({ onlineRegistered: 0, queueCount: 0 }))).toBe(0);
  });

  it('promotes nobody while promotion is locked', () => {
    expect(promotableCount(session({ queueCount: 3, isPromotionLocked: true }))).toBe(0);
  });

  it('reserved spots are not promoted into automatically, only by hand', () => {
    const full = session({ onlineRegistered: 90, reservedRegistered: 4, queueCount: 2 });
    expect(promotableCount(full)).toBe(0);
    expect(manualPromotionSpot(full)).toBe('reserved');
    expect(manualPromotionSpot(session({ onlineRegistered: 89 }))).toBe('online');
    expect(manualPromotionSpot(session({ onlineRegistered: 90, reservedRegistered: 10 }))).toBeNull();
  });

  it('keeps positions exactly 1..n: the first n leave, the rest move up by n', () => {
    expect(positionsAfterPromotion([1, 2, 3, 4, 5], 2)).toEqual([1, 2, 3]);
    expect(positionsAfterPromotion([1, 2], 2)).toEqual([]);
    expect(positionsAfterPromotion([1, 2, 3], 0)).toEqual([1, 2, 3]);
  });

  it('closes a gap: the entries behind move up one place', () => {
    expect(positionsAfterGap([1, 2, 3, 4], 2)).toEqual([1, 2, 3]);
    expect(positionsAfterGap([1, 2, 3], 3)).toEqual([1, 2]);
    // Several leaving, from the back, each at the position it still has (GDPR erasure).
    const gaps = [4, 2];
    const left = gaps.reduce(positionsAfterGap, [1, 2, 3, 4, 5]);
    expect(left).toEqual([1, 2, 3]);
  });
});

describe('registration states', () => {
  it('active 0, cancelled 1, waiting 2, as the CHECK constraint and the partial indexes have them', () => {
    expect(REGISTRATION_STATE).toEqual({ Active: 0, Cancelled: 1, Waiting: 2 });
    expect(PLACE_HOLDING_STATES_SQL).toBe('0, 2');
  });
});
