import { AppError } from '../../common/http/app-error';
import { decodeCursor, encodeCursor, keysetSql, toPage } from './page';
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
  it('a cursor round-trips its order, key and id, and is refused when forged or from the other order', () => {
    const updated = { order: 'updated' as const, key: '2026-05-09T08:00:00.123456Z', id: 41 };
    expect(decodeCursor(encodeCursor(updated), 'updated')).toEqual(updated);
    expect(decodeCursor(encodeCursor({ order: 'id', key: null, id: 7 }), 'id')).toEqual({
      order: 'id',
      key: null,
      id: 7,
    });
    expect(refusal(() => decodeCursor(encodeCursor(updated), 'id'))).toEqual({
      cursor: [expect.stringMatching(/otra consulta/)],
    });
    for (const forged of [
      'nada',
      Buffer.from('["updated","mañana",1]').toString('base64url'),
      Buffer.from('["id",null,-1]').toString('base64url'),
      Buffer.from('{"id":1}').toString('base64url'),
    ])
      expect(refusal(() => decodeCursor(forged, 'updated'))).toEqual({
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
    const byId = keysetSql(q, { limit: 2, cursor: encodeCursor({ order: 'id', key: null, id: 9 }) });
    expect(byId.text).toMatch(/WHERE e\.status = \$1 AND e\.id > \$2\s+ORDER BY e\.id\s+LIMIT \$3/);
    expect(byId.values).toEqual([1, 9, 3]);
    const since = keysetSql(q, { updatedSince: '2026-01-01T00:00:00Z' });
    expect(since.text).toMatch(/e\.updated_at >= \$2::timestamptz\s+ORDER BY e\.updated_at, e\.id/);
    expect(since.values).toEqual([1, '2026-01-01T00:00:00Z', 51]);

    const rows = [1, 2, 3].map((id) => ({ id, _id: id, _key: `2026-01-01T00:00:0${id}.000000Z` }));
    const page = toPage(rows, 2, 'updated', (r) => r.id);
    expect(page.data).toEqual([1, 2]);
    expect(decodeCursor(page.next!, 'updated')).toEqual({
      order: 'updated',
      key: '2026-01-01T00:00:02.000000Z',
      id: 2,
    });
    expect(toPage(rows, 3, 'id', (r) => r.id).next).toBeNull();
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
