import { AppError } from '../../common/http/app-error';
import { cursorSeal, decodeCursor, encodeCursor, keysetSql, toPage } from './page';
import { capacitySteps } from './session-upsert.service';
import { withOffset } from './v1-rows';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppError).errors;
  }
  throw new Error('not refused');
};

describe('v1 pages', () => {
  it('a cursor round-trips its order, key and id, sealed: refused when forged, altered, of another query or order', () => {
    const seal = { secret: 'secreto', query: '["registrations",[7]]' };
    const updated = { order: 'updated' as const, key: '2026-05-09T08:00:00.123456Z', id: 41 };
    expect(decodeCursor(encodeCursor(updated, seal), 'updated', seal)).toEqual(updated);
    expect(decodeCursor(encodeCursor({ order: 'id', key: null, id: 7 }, seal), 'id', seal)).toEqual({
      order: 'id',
      key: null,
      id: 7,
    });
    const otherQuery = (run: () => unknown) =>
      expect(refusal(run)).toEqual({ cursor: [expect.stringMatching(/otra consulta/)] });
    otherQuery(() => decodeCursor(encodeCursor(updated, seal), 'id', seal));
    otherQuery(() => decodeCursor(encodeCursor(updated, seal), 'updated', { ...seal, query: '["registrations",[8]]' }));
    // Well-formed but unsealed (what a client could write), sealed with another secret, or altered after sealing.
    const good = encodeCursor(updated, seal);
    const [payload, mac] = good.split('.');
    const altered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('41', '40')).toString('base64url');
    for (const forged of [
      'nada',
      Buffer.from('["updated","2026-05-09T08:00:00Z",1]').toString('base64url'),
      payload,
      encodeCursor(updated, { ...seal, secret: 'otro' }),
      `${altered}.${mac}`,
      `${good}.x`,
    ])
      expect(refusal(() => decodeCursor(forged, 'updated', seal))).toEqual({
        cursor: [expect.stringMatching(/no es válido/)],
      });
  });

  it('asks for one row more than the limit, and names the next page after the last row shown', () => {
    const q = {
      select: 'e.id',
      from: 'events e',
      where: ['e.status = $1'],
      params: [1],
      id: 'e.id',
      updated: 'e.updated_at',
    };
    const seal = cursorSeal('secreto', q, { limit: 2 });
    const byId = keysetSql(q, { limit: 2, cursor: encodeCursor({ order: 'id', key: null, id: 9 }, seal) }, seal);
    expect(byId.text).toMatch(/WHERE e\.status = \$1 AND e\.id > \$2\s+ORDER BY e\.id\s+LIMIT \$3/);
    expect(byId.values).toEqual([1, 9, 3]);
    const since = keysetSql(q, { updatedSince: '2026-01-01T00:00:00Z' }, seal);
    expect(since.text).toMatch(/e\.updated_at >= \$2::timestamptz\s+ORDER BY e\.updated_at, e\.id/);
    expect(since.values).toEqual([1, '2026-01-01T00:00:00Z', 51]);

    const rows = [1, 2, 3].map((id) => ({ id, _id: id, _key: `2026-01-01T00:00:0${id}.000000Z` }));
    const page = toPage(rows, 2, 'updated', (r) => r.id, seal);
    expect(page.data).toEqual([1, 2]);
    expect(decodeCursor(page.next!, 'updated', seal)).toEqual({
      order: 'updated',
      key: '2026-01-01T00:00:02.000000Z',
      id: 2,
    });
    expect(toPage(rows, 3, 'id', (r) => r.id, seal).next).toBeNull();
  });

  it('writes a local time with its offset', () => {
    expect(withOffset('2026-07-01T10:00:00', 7200)).toBe('2026-07-01T10:00:00+02:00');
    expect(withOffset('2026-01-01T10:00:00', 0)).toBe('2026-01-01T10:00:00+00:00');
    expect(withOffset('2026-01-01T10:00:00', -12600)).toBe('2026-01-01T10:00:00-03:30');
  });

  it('orders capacity changes so each step can pass: shrinking parts first, then the total, then growing parts', () => {
    const current = { maxAttendees: 20, reservedSpots: 15, maxQueueSpots: 10 };
    expect(capacitySteps(current, { maxAttendees: 10, reservedSpots: 2, maxQueueSpots: 5 })).toEqual([
      'maxQueueSpots',
      'reservedSpots',
      'maxAttendees',
    ]);
    expect(capacitySteps(current, { maxAttendees: 40, reservedSpots: 30, maxQueueSpots: 30 })).toEqual([
      'maxAttendees',
      'reservedSpots',
      'maxQueueSpots',
    ]);
    expect(capacitySteps(current, { maxAttendees: 20 })).toEqual([]);
  });
});
