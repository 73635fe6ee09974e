import { dataProvider, WHOLE } from './dataProvider';

/** The API as fetch sees it: every call recorded, each answered by `answer`. */
type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];

function serve(answer: (call: Call) => unknown = () => ({})) {
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(url),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});

beforeEach(() => {
  calls = [];
  serve();
});

describe('listas de un padre (getList con filtro, getManyReference)', () => {
  it('la lista de espera de una sesión, entera y en el orden de la API', async () => {
    serve(() => [
      { id: 5, queuePosition: 1 },
      { id: 3, queuePosition: 2 },
    ]);
    const { data, total } = await dataProvider.getList('queue', { ...WHOLE, filter: { eventSessionId: 7 } });
    expect(calls.map((c) => c.url)).toEqual(['/api/events/queue/session/7']);
    expect(data.map((r) => r.id)).toEqual([5, 3]);
    expect(total).toBe(2);
  });

  it('los registros de una sesión como referencia (target eventSessionId)', async () => {
    serve(() => [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const { data, total } = await dataProvider.getManyReference('registrations', {
      target: 'eventSessionId',
      id: 12,
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(calls[0].url).toBe('/api/events/sessions/12/registrations?includeDetails=true');
    expect(data.map((r) => r.id)).toEqual([3, 2]);
    expect(total).toBe(3);
  });

  it('sin filtro de sesión, los registros siguen siendo las páginas de la API', async () => {
    serve(() => ({ items: [{ id: 1 }], totalCount: 41 }));
    const { total } = await dataProvider.getList('registrations', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'ana' },
    });
    expect(calls[0].url).toBe('/api/events/registrations?page=2&pageSize=20&search=ana&includeDetails=true');
    expect(total).toBe(41);
  });

  it('un recurso sin esa lista lo dice', async () => {
    await expect(
      dataProvider.getManyReference('users', {
        target: 'eventSessionId',
        id: 1,
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow('users: no se lista por eventSessionId');
  });
});

describe('sesiones: cada cambio a su llamada', () => {
  const session = { id: 9, eventId: 3 };
  const update = (data: Record<string, unknown>) =>
    dataProvider.update('sessions', { id: 9, data, previousData: session as any });

  it.each([
    [{ isRegistrationOpen: false }, 'PUT', '/api/events/3/sessions/9/toggle-registration', { isOpen: false }],
    [{ isPromotionLocked: true }, 'PUT', '/api/events/3/sessions/9/toggle-promotion-lock', { isLocked: true }],
    [{ maxAttendees: 40 }, 'PUT', '/api/events/3/sessions/9/max-attendees', { maxAttendees: 40 }],
    [{ reservedSpots: 4 }, 'PUT', '/api/events/3/sessions/9/reserved-spots', { reservedSpots: 4 }],
    [{ maxQueueSpots: 12 }, 'PUT', '/api/events/3/sessions/9/max-queue-spots', { maxQueueSpots: 12 }],
    [
      { spotsToRedistribute: 2 },
      'POST',
      '/api/events/3/sessions/9/redistribute-reserved-spots',
      { spotsToRedistribute: 2 },
    ],
  ])('%j', async (data, method, url, body) => {
    await update(data);
    expect(calls).toEqual([{ url, method, body }]);
  });

  it('el horario y los interruptores juntos (el formulario) van a PUT de la sesión', async () => {
    const schedule = { startDate: '2030-01-01', endDate: '2030-01-01', isRegistrationOpen: true };
    await update(schedule);
    expect(calls).toEqual([{ url: '/api/events/3/sessions/9', method: 'PUT', body: schedule }]);
  });

  it('se crea bajo su evento (sin mandar el eventId) y se elimina bajo él', async () => {
    serve((call) => (call.method === 'POST' ? { id: 10, eventId: 3 } : {}));
    const { data } = await dataProvider.create('sessions', { data: { eventId: 3, maxAttendees: 20 } });
    await dataProvider.delete('sessions', { id: 10, previousData: { id: 10, eventId: 3 } });
    expect(data.id).toBe(10);
    expect(calls).toEqual([
      { url: '/api/events/3/sessions', method: 'POST', body: { maxAttendees: 20 } },
      { url: '/api/events/3/sessions/10', method: 'DELETE', body: undefined },
    ]);
  });
});

describe('registros sin lista', () => {
  it('un ajuste por clave toma la clave como id; queue-settings se guarda tal cual', async () => {
    serve(() => ({ key: 'TicketHoldDurationMinutes', value: '5' }));
    const { data } = await dataProvider.getOne('settings', { id: 'TicketHoldDurationMinutes' });
    expect(data).toMatchObject({ id: 'TicketHoldDurationMinutes', value: '5' });
    await dataProvider.update('settings', {
      id: 'TicketHoldDurationMinutes',
      data: { value: '7' },
      previousData: data,
    });
    await dataProvider.update('settings', {
      id: 'queue-settings',
      data: { id: 'queue-settings', defaultMaxQueueSpots: 10, globalMaxQueueSpots: 50 },
      previousData: { id: 'queue-settings' },
    });
    expect(calls.slice(1)).toEqual([
      {
        url: '/api/settings/TicketHoldDurationMinutes',
        method: 'PUT',
        body: { data: { key: 'TicketHoldDurationMinutes', value: '7' } },
      },
      {
        url: '/api/settings/queue-settings',
        method: 'PUT',
        body: { defaultMaxQueueSpots: 10, globalMaxQueueSpots: 50 },
      },
    ]);
  });

  it('el coste de los SMS es un registro del registro de SMS; un SMS se elimina en su propia ruta', async () => {
    serve(() => ({ totalCost: 0.3 }));
    const { data } = await dataProvider.getOne('sms-logs', { id: 'total-cost' });
    await dataProvider.delete('sms-logs', { id: 5 });
    expect(data).toEqual({ id: 'total-cost', totalCost: 0.3 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/smssettings/logs/total-cost',
      'DELETE /api/smssettings/smslogs/5',
    ]);
  });

  it('la configuración de email es un único registro: se guarda sin el id', async () => {
    await dataProvider.update('email-settings', {
      id: 'current',
      data: { id: 'current', emailEnabled: false },
      previousData: { id: 'current' },
    });
    expect(calls).toEqual([{ url: '/api/email/settings', method: 'PUT', body: { emailEnabled: false } }]);
  });
});
