import { REGISTRATION_STATUS } from '@evreg/contracts';
import { dataProvider, WHOLE } from './dataProvider';
import { ALL_RECORDS } from './resourceMapping';
import { memoryLocalStorage, serveJson, type FetchCall } from './fakeBrowser';

/** The API as fetch sees it: every call recorded, each answered by `answer`. */
let calls: FetchCall[] = [];
const serve = (answer?: (call: FetchCall) => unknown) => serveJson(calls, answer);

memoryLocalStorage();

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
    const { data, total } = await dataProvider.getList('waiting-list', { ...WHOLE, filter: { eventSessionId: 7 } });
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

  it('los envíos de un webhook: las páginas de la API bajo su webhook; Probar crea uno; Reenviar lo pide de nuevo', async () => {
    serve((call) =>
      call.method === 'POST' ? { id: 9, status: 'Pending' } : { data: [{ id: 8 }, { id: 7 }], totalCount: 23 },
    );
    const { data, total } = await dataProvider.getList('webhook-deliveries', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { webhookId: 4 },
    });
    expect(calls[0].url).toBe('/api/webhooks/4/deliveries?page=2&pageSize=10');
    expect(data.map((r) => r.id)).toEqual([8, 7]);
    expect(total).toBe(23);
    const created = await dataProvider.create('webhook-deliveries', { data: { webhookId: 4 } });
    expect(calls[1]).toMatchObject({ url: '/api/webhooks/4/test', method: 'POST' });
    const requestKey = '0b7c3f8e-58a4-4d2b-9d0e-3c1f2a6b7e90';
    await dataProvider.update('webhook-deliveries', {
      id: 17,
      data: { webhookId: 4, requestKey },
      previousData: { id: 17 },
    });
    expect(calls[2]).toMatchObject({ url: '/api/webhooks/4/deliveries/17/redeliver', method: 'POST' });
    expect(calls[2].body).toEqual({ requestKey });
    expect(created.data).toEqual({ id: 9, status: 'Pending' });
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

describe('registros y listas de espera: cada cambio es un verbo del recurso', () => {
  it('cancelar es la actualización de su estado (POST .../cancel) y responde el registro cancelado', async () => {
    serve(() => ({ message: 'Inscripción cancelada' }));
    const { data } = await dataProvider.update('registrations', {
      id: 5,
      data: { status: REGISTRATION_STATUS.Cancelled },
      previousData: { id: 5, status: REGISTRATION_STATUS.Active },
    });
    expect(calls).toEqual([{ url: '/api/registrations/5/cancel', method: 'POST', body: undefined }]);
    expect(data).toEqual({ id: 5, message: 'Inscripción cancelada', status: 1, statusText: 'Cancelled' });
  });

  it('editar a la persona sigue siendo PUT del registro con sus campos', async () => {
    await dataProvider.update('registrations', {
      id: 5,
      data: { id: 5, firstName: ' Ana ', lastName: 'Ruiz', email: 'ana@x.es', userTaxId: '1', telephoneNumber: '' },
      previousData: { id: 5 },
    });
    expect(calls).toEqual([
      {
        url: '/api/events/registrations/5',
        method: 'PUT',
        body: { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@x.es', userTaxId: '1', telephoneNumber: null },
      },
    ]);
  });

  it('promover es crear un registro desde la entrada de la lista de espera: su id es el del registro nuevo', async () => {
    serve(() => ({ message: 'Promovido', registrationId: 41 }));
    const { data } = await dataProvider.create('registrations', { data: { queueEntryId: 7 } });
    expect(calls).toEqual([{ url: '/api/events/queue/7/promote', method: 'POST', body: undefined }]);
    expect(data).toMatchObject({ id: 41, message: 'Promovido' });
  });

  it('el registro manual es crear un registro en la sesión; forceQueue va en la consulta y la pregunta vuelve tal cual', async () => {
    const question = {
      requiresConfirmation: true,
      reservedSpotsFull: true,
      message: 'Plazas reservadas completas',
      currentQueueCount: 1,
      maxQueueSpots: 5,
    };
    serve(() => question);
    const formData = { firstName: 'Ana', email: 'ana@x.es' };
    const { data } = await dataProvider.create('registrations', {
      data: { eventSessionId: 3, formData, forceQueue: false },
    });
    await dataProvider.create('registrations', { data: { eventSessionId: 3, formData, forceQueue: true } });
    expect(calls).toEqual([
      { url: '/api/events/sessions/3/admin-registrations', method: 'POST', body: { eventSessionId: 3, formData } },
      {
        url: '/api/events/sessions/3/admin-registrations?forceQueue=true',
        method: 'POST',
        body: { eventSessionId: 3, formData },
      },
    ]);
    expect(data).toEqual({ id: undefined, ...question });
  });

  it('un nuevo orden de la lista de espera es updateMany con los ids en ese orden (PUT reorder)', async () => {
    const { data } = await dataProvider.updateMany('waiting-list', { ids: [5, 3, 8], data: { eventSessionId: 7 } });
    expect(calls).toEqual([
      { url: '/api/events/queue/reorder', method: 'PUT', body: { eventSessionId: 7, queueIds: [5, 3, 8] } },
    ]);
    expect(data).toEqual([5, 3, 8]);
    await expect(dataProvider.updateMany('users', { ids: [1], data: {} })).rejects.toThrow(
      'users: no se editan varios a la vez',
    );
  });

  it('sin texto del servidor, cada verbo dice el suyo', async () => {
    globalThis.fetch = jest.fn(
      async () => new Response('{}', { status: 400, headers: { 'content-type': 'application/json' } }),
    ) as typeof fetch;
    await expect(
      dataProvider.update('registrations', { id: 5, data: { status: 1 }, previousData: { id: 5 } }),
    ).rejects.toThrow('Error al cancelar el registro');
    await expect(dataProvider.create('registrations', { data: { queueEntryId: 7 } })).rejects.toThrow(
      'Error al promover de la lista de espera',
    );
    await expect(dataProvider.updateMany('waiting-list', { ids: [1], data: { eventSessionId: 2 } })).rejects.toThrow(
      'Error al reordenar la lista de espera',
    );
    await expect(dataProvider.deleteMany('sms-logs', { ids: [ALL_RECORDS] })).rejects.toThrow(
      'Error al eliminar los SMS',
    );
  });
});

describe('«Eliminar Todos» de un registro: deleteMany de ALL_RECORDS', () => {
  it('una sola llamada a la ruta de todos; la respuesta del servidor vuelve como meta', async () => {
    serve((call) =>
      call.url.startsWith('/api/email-logs') ? { message: '22 registros', deleted: 22 } : { deletedCount: 3 },
    );
    const email = await dataProvider.deleteMany('email-logs', { ids: [ALL_RECORDS] });
    const sms = await dataProvider.deleteMany('sms-logs', { ids: [ALL_RECORDS] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/email-logs/all',
      'DELETE /api/smssettings/smslogs/all',
    ]);
    expect(email).toEqual({ data: [ALL_RECORDS], meta: { message: '22 registros', deleted: 22 } });
    expect(sms.meta).toEqual({ deletedCount: 3 });
  });

  it('otros ids se eliminan uno a uno; «todos» solo donde la API lo tiene y nunca mezclado con ids', async () => {
    await dataProvider.deleteMany('email-logs', { ids: [4, 6] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/email-logs/4', 'DELETE /api/email-logs/6']);
    await expect(dataProvider.deleteMany('users', { ids: [ALL_RECORDS] })).rejects.toThrow(
      'users: no se eliminan todos a la vez',
    );
    await expect(dataProvider.deleteMany('email-logs', { ids: [ALL_RECORDS, 4] })).rejects.toThrow(
      'email-logs: no se eliminan todos a la vez',
    );
    expect(calls).toHaveLength(2);
  });
});

describe('notificaciones y comandos', () => {
  it('una notificación se crea para un evento o una sesión, sin mandar a quién en el cuerpo', async () => {
    serve(() => ({ success: true, totalRecipients: 2, successCount: 2, failedCount: 0, totalCost: 0.2, errors: [] }));
    const { data } = await dataProvider.create('notifications', { data: { eventId: 4, type: 0, message: 'Hola' } });
    await dataProvider.create('notifications', { data: { sessionId: 9, type: 1, emailTemplateId: 2 } });
    expect(calls).toEqual([
      { url: '/api/notifications/events/4', method: 'POST', body: { type: 0, message: 'Hola' } },
      { url: '/api/notifications/sessions/9', method: 'POST', body: { type: 1, emailTemplateId: 2 } },
    ]);
    expect(data).toMatchObject({ totalRecipients: 2, totalCost: 0.2 });
  });

  it('reenviar emails y el límite de todas las sesiones van a sus rutas', async () => {
    await dataProvider.resendRegistrationEmail(9);
    await dataProvider.resendEmail(12);
    await dataProvider.bulkUpdateWaitingLimits(15);
    expect(calls).toEqual([
      { url: '/api/events/registrations/9/resend-email', method: 'POST', body: undefined },
      { url: '/api/email-logs/12/resend', method: 'POST', body: undefined },
      { url: '/api/settings/bulk-update-queue-limits', method: 'POST', body: { newQueueLimit: 15 } },
    ]);
  });
});

describe('usuarios: desbloquear y cambiar el rol son verbos de la actualización', () => {
  const user = { id: 'u-1', email: 'ana@example.com', roles: ['Lector'] };

  it('desbloquear es { unlock: true } sola: POST .../unlock, y responde el usuario', async () => {
    serve(() => ({ ...user, lockoutEnabled: false, lockoutEnd: null }));
    const { data } = await dataProvider.update('users', { id: 'u-1', data: { unlock: true }, previousData: user });
    expect(calls).toEqual([{ url: '/api/user/u-1/unlock', method: 'POST', body: undefined }]);
    expect(data).toMatchObject({ id: 'u-1', lockoutEnabled: false });
  });

  it('el rol solo es POST assign-role con el usuario y el rol', async () => {
    serve(() => ({ ...user, roles: ['Administrador'] }));
    await dataProvider.update('users', { id: 'u-1', data: { roleId: 'r-9' }, previousData: user });
    expect(calls).toEqual([{ url: '/api/user/assign-role', method: 'POST', body: { userId: 'u-1', roleId: 'r-9' } }]);
  });

  it('lo demás es PUT del usuario con la persona y los indicadores (el bloqueo solo si se cambió)', async () => {
    serve(() => user);
    await dataProvider.update('users', {
      id: 'u-1',
      data: { email: ' ana@example.com ', firstName: 'Ana', lastName: 'Gil', departmentId: '', mustChangePassword: 1 },
      previousData: user,
    });
    expect(calls[0]).toEqual({
      url: '/api/user/u-1',
      method: 'PUT',
      body: {
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Gil',
        departmentId: null,
        mustChangePassword: true,
        emailConfirmed: false,
      },
    });
  });
});
