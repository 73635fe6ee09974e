import { attendee, createSession, TestApp } from '@evreg/testing';
import { Workbook } from 'exceljs';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Registros, the staff search over every registration (docs/domain.md, "Registros: finding and slicing people"):
// filters, order, totals, waiting entries, the Excel export of a filtered list, and the GDPR search's matches.
describe('Registros: filters, order, totals, waiting entries and export', () => {
  let app: TestApp;
  let admin: string;
  let small: { eventId: number; sessionId: number };
  let big: { eventId: number; sessionId: number };

  const book = (sessionId: number, n: number, overrides: Record<string, unknown> = {}) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n, overrides) },
    });
  const list = (query: string) => app.request('GET', `/api/events/registrations?${query}`, { token: admin });
  const ids = (body: { items: { id: number }[] }) => body.items.map((r) => r.id);
  const sqlIds = async (where: string, order: string, params: unknown[] = []) =>
    (
      await app.sql(
        `SELECT r.id FROM registrations r JOIN event_sessions s ON s.id = r.session_id WHERE ${where} ORDER BY ${order}`,
        params,
      )
    ).map((r: { id: number }) => r.id);

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    // A small session: 2 seats, then its waiting list; one cancelled (its seat goes to the first waiting).
    small = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
    for (let n = 1; n <= 5; n++) expect((await book(small.sessionId, n)).status).toBe(201);
    const [first] = await app.sql(`SELECT id FROM registrations WHERE email = 'persona1@example.com'`);
    expect((await app.request('POST', `/api/registrations/${first.id}/cancel`, { token: admin })).status).toBe(200);
    // A bigger one: 25 people, more than a page.
    big = await createSession(app, { maxAttendees: 30 });
    for (let n = 10; n < 35; n++) expect((await book(big.sessionId, n)).status).toBe(201);
    // Registration times spread over days: persona10..19 on 1 March, 20..29 on 2 March (Madrid), the rest later.
    await app.sql(
      `UPDATE registrations SET registered_at = CASE
         WHEN email ~ '^persona1[0-9]@' THEN '2026-03-01T09:00:00Z'::timestamptz + (substring(email from 8 for 2)::int * interval '1 minute')
         WHEN email ~ '^persona2[0-9]@' THEN '2026-03-02T23:59:00Z'::timestamptz - (substring(email from 8 for 2)::int * interval '1 minute')
         ELSE '2026-03-05T12:00:00Z'::timestamptz + (substring(email from 8 for 2)::int * interval '1 minute') END
       WHERE session_id = $1`,
      [big.sessionId],
    );
  });
  afterAll(() => app.close());

  it('lists every state, waiting entries with their position, newest first, with the total', async () => {
    const res = await list('page=1&pageSize=100');
    expect(res.status).toBe(200);
    const [{ n }] = await app.sql(`SELECT count(*)::int AS n FROM registrations`);
    expect(res.body).toMatchObject({ totalCount: n, totalPages: 1, page: 1, pageSize: 100 });
    expect(ids(res.body)).toEqual(await sqlIds('true', 'r.registered_at DESC, r.id DESC'));
    const waiting = res.body.items.filter((r: { status: number }) => r.status === 2);
    const stored = await app.sql(
      `SELECT id, queue_position FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position`,
      [small.sessionId],
    );
    expect(stored).toHaveLength(2);
    expect(
      waiting
        .map((r: { id: number; queuePosition: number; statusText: string; eventTitle: string }) => [
          r.id,
          r.queuePosition,
          r.statusText,
          r.eventTitle,
        ])
        .sort((a: number[], b: number[]) => a[1] - b[1]),
    ).toEqual(
      stored.map((s: { id: number; queue_position: number }) => [
        s.id,
        s.queue_position,
        'Waiting',
        `Evento ${small.eventId}`,
      ]),
    );
    const active = res.body.items.find((r: { status: number }) => r.status === 0);
    expect(active).toMatchObject({ statusText: 'Active', queuePosition: null });
  });

  it('filters by event, session and state, each the rows the database holds', async () => {
    const byEvent = await list(`eventId=${small.eventId}`);
    expect(ids(byEvent.body)).toEqual(
      await sqlIds('s.event_id = $1', 'r.registered_at DESC, r.id DESC', [small.eventId]),
    );
    expect(byEvent.body.totalCount).toBe(5);
    const bySession = await list(`sessionId=${big.sessionId}&pageSize=100`);
    expect(bySession.body.totalCount).toBe(25);
    for (const [state, code] of [
      ['active', 0],
      ['waiting', 2],
      ['cancelled', 1],
    ] as const) {
      const res = await list(`sessionId=${small.sessionId}&state=${state}`);
      expect({ state, ids: ids(res.body) }).toEqual({
        state,
        ids: await sqlIds('r.session_id = $1 AND r.state = $2', 'r.registered_at DESC, r.id DESC', [
          small.sessionId,
          code,
        ]),
      });
    }
    expect((await list(`sessionId=${small.sessionId}&state=WAITING`)).body.totalCount).toBe(2);
    // A session of another event: nothing.
    expect((await list(`eventId=${small.eventId}&sessionId=${big.sessionId}`)).body).toMatchObject({
      totalCount: 0,
      items: [],
    });
  });

  it('filters by registration days in Europe/Madrid, both ends included', async () => {
    const day1 = await list(
      `sessionId=${big.sessionId}&registeredFrom=2026-03-01&registeredTo=2026-03-01&pageSize=100`,
    );
    expect(day1.body.items.map((r: { email: string }) => r.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `persona${10 + i}@example.com`).sort(),
    );
    // 2 March 23:59 - n minutes UTC is 3 March in Madrid (UTC+1) for n < 60: none of 20..29 is on 2 March.
    const day2 = await list(`sessionId=${big.sessionId}&registeredFrom=2026-03-02&registeredTo=2026-03-02`);
    expect(day2.body.totalCount).toBe(0);
    const from3 = await list(`sessionId=${big.sessionId}&registeredFrom=2026-03-03&pageSize=100`);
    expect(from3.body.totalCount).toBe(15);
    const until3 = await list(`sessionId=${big.sessionId}&registeredTo=2026-03-03&pageSize=100`);
    expect(until3.body.totalCount).toBe(20);
  });

  it('sorts by each column both ways and pages without overlap', async () => {
    const order = {
      lastName: 'lower(r.last_name)',
      email: 'lower(r.email)',
      registeredAt: 'r.registered_at',
      status: 'r.state',
    } as const;
    for (const [sort, sql] of Object.entries(order)) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await sqlIds('true', `${sql} ${dir}, r.id ${dir}`);
        const page1 = await list(`sort=${sort}&order=${dir}&page=1&pageSize=10`);
        const page2 = await list(`sort=${sort}&order=${dir}&page=2&pageSize=10`);
        expect({ sort, dir, ids: [...ids(page1.body), ...ids(page2.body)] }).toEqual({
          sort,
          dir,
          ids: expected.slice(0, 20),
        });
        expect(page1.body.totalPages).toBe(Math.ceil(expected.length / 10));
      }
    }
    const byEvent = await list('sort=eventTitle&order=asc&pageSize=100');
    const titles = byEvent.body.items.map((r: { eventTitle: string }) => r.eventTitle.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const bySession = await list('sort=sessionDate&pageSize=100');
    expect(bySession.status).toBe(200);
  });

  it('one search finds a person on a waiting list by name, e-mail, DNI/NIE, phone or reference', async () => {
    const [waiting] = await app.sql(
      `SELECT id, first_name, email, user_tax_id, queue_position FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position LIMIT 1`,
      [small.sessionId],
    );
    await app.sql(`UPDATE registrations SET telephone_number = '699 111 222' WHERE id = $1`, [waiting.id]);
    const reference = `R-${String(waiting.id).padStart(6, '0')}`;
    for (const search of [
      waiting.first_name,
      waiting.email.toUpperCase(),
      waiting.user_tax_id,
      '699 111 222',
      reference,
    ]) {
      const res = await list(`search=${encodeURIComponent(search)}`);
      expect({
        search,
        found: res.body.items.map((r: { id: number; status: number; queuePosition: number }) => [
          r.id,
          r.status,
          r.queuePosition,
        ]),
      }).toEqual({
        search,
        found: [[waiting.id, 2, waiting.queue_position]],
      });
    }
  });

  it('refuses a bad parameter with a 400 naming the field, on the list and on the export', async () => {
    const cases: [string, string, string][] = [
      ['state=todas', 'state', 'El campo "state" debe ser uno de: active, waiting, cancelled'],
      ['eventId=abc', 'eventId', 'El campo "eventId" debe ser un número entero mayor que 0'],
      ['sessionId=0', 'sessionId', 'El campo "sessionId" debe ser un número entero mayor que 0'],
      ['registeredFrom=2026-02-30', 'registeredFrom', 'El campo "registeredFrom" debe ser una fecha AAAA-MM-DD'],
      ['registeredTo=01/03/2026', 'registeredTo', 'El campo "registeredTo" debe ser una fecha AAAA-MM-DD'],
      [
        'registeredFrom=2026-03-02&registeredTo=2026-03-01',
        'registeredTo',
        'El campo "registeredTo" no puede ser anterior a "registeredFrom"',
      ],
      [
        'sort=password',
        'sort',
        'El campo "sort" no es válido: se puede ordenar por registeredAt, lastName, email, eventTitle, sessionDate, status',
      ],
      ['order=arriba', 'order', 'El campo "order" debe ser asc o desc'],
    ];
    for (const path of ['/api/events/registrations', '/api/events/registrations/export']) {
      for (const [query, field, message] of cases) {
        const res = await app.request('GET', `${path}?${query}`, { token: admin });
        expect({ path, query, status: res.status, errors: res.body.errors }).toEqual({
          path,
          query,
          status: 400,
          errors: { [field]: [message] },
        });
      }
    }
    const reader = await app.staffWith(['Events.Read']);
    expect((await app.request('GET', '/api/events/registrations/export', { token: reader.token })).status).toBe(403);
  });

  it('exports exactly the filtered rows (all pages) in the list order, Spanish headers, es-ES dates, formulas neutralised', async () => {
    await app.sql(
      `UPDATE registrations SET first_name = '=HYPERLINK("http://x","y")' WHERE email = 'persona12@example.com'`,
    );
    const response = await fetch(
      `${app.baseUrl}/api/events/registrations/export?sessionId=${big.sessionId}&sort=lastName&order=desc`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="registros-${today}.xlsx"`);
    const workbook = new Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Registros']);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Referencia',
      'Nombre',
      'Apellidos',
      'Email',
      'Teléfono',
      'DNI/NIE',
      'Evento',
      'Sesión',
      'Estado',
      'Posición en espera',
      'Tipo',
      'Fecha de inscripción',
      'Asistió',
    ]);
    const rows = await app.sql(
      `SELECT r.id, r.first_name, r.last_name, r.email, r.telephone_number, r.user_tax_id, r.registered_at,
              to_char(s.start_date, 'DD/MM/YYYY') || ' ' || to_char(s.start_time, 'HH24:MI') || '-' || to_char(s.end_time, 'HH24:MI') AS session
         FROM registrations r JOIN event_sessions s ON s.id = r.session_id
        WHERE r.session_id = $1 ORDER BY lower(r.last_name) DESC, r.id DESC`,
      [big.sessionId],
    );
    expect(rows).toHaveLength(25);
    expect(sheet.rowCount).toBe(26);
    const madrid = (at: Date) =>
      at.toLocaleString('sv-SE', { timeZone: 'Europe/Madrid' }).slice(0, 16).replace(' ', 'T');
    rows.forEach((r: Record<string, any>, i: number) => {
      const cells = values(i + 2);
      expect([...cells.slice(0, 11), (cells[11] as Date).toISOString().slice(0, 16), cells[12]]).toEqual([
        `R-${String(r.id).padStart(6, '0')}`,
        r.first_name.startsWith('=') ? `'${r.first_name}` : r.first_name,
        r.last_name,
        r.email,
        r.telephone_number ?? '',
        r.user_tax_id,
        `Evento ${big.eventId}`,
        r.session,
        'Activa',
        undefined, // no position: an empty cell
        'Online',
        madrid(r.registered_at),
        'No',
      ]);
    });
    expect(values(2 + rows.findIndex((r: { email: string }) => r.email === 'persona12@example.com'))[1]).toBe(
      `'=HYPERLINK("http://x","y")`,
    );
    expect(sheet.getColumn(12).numFmt).toBe('dd/mm/yyyy hh:mm');

    // The waiting entries of the small session, with their positions.
    const waiting = await fetch(
      `${app.baseUrl}/api/events/registrations/export?eventId=${small.eventId}&state=waiting`,
      {
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    const book2 = new Workbook();
    await book2.xlsx.load(Buffer.from(await waiting.arrayBuffer()) as unknown as ArrayBuffer);
    const positions = await app.sql(
      `SELECT queue_position FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY registered_at DESC, id DESC`,
      [small.sessionId],
    );
    const sheet2 = book2.worksheets[0];
    expect(sheet2.rowCount).toBe(1 + positions.length);
    positions.forEach((p: { queue_position: number }, i: number) => {
      const cells = (sheet2.getRow(i + 2).values as unknown[]).slice(1);
      expect([cells[8], cells[9]]).toEqual(['En espera', p.queue_position]);
    });
  });

  it('the GDPR search says where each registration of the person is', async () => {
    // persona5 is waiting in the small session (persona3 was promoted); give them a registration in the big one too.
    expect((await book(big.sessionId, 5)).status).toBe(201);
    const res = await app.request('GET', '/api/admin/gdpr/search?email=PERSONA5@example.com', { token: admin });
    expect(res.status).toBe(200);
    const stored = await app.sql(
      `SELECT r.id, r.session_id, r.state, r.queue_position, s.event_id FROM registrations r JOIN event_sessions s ON s.id = r.session_id
        WHERE r.email = 'persona5@example.com' ORDER BY r.registered_at DESC, r.id DESC`,
    );
    expect(res.body.registrationCount).toBe(2);
    expect(res.body.matches).toEqual(
      stored.map(
        (r: { id: number; session_id: number; state: number; queue_position: number | null; event_id: number }) => ({
          registrationId: r.id,
          reference: `R-${String(r.id).padStart(6, '0')}`,
          eventId: r.event_id,
          eventTitle: `Evento ${r.event_id}`,
          sessionId: r.session_id,
          sessionInfo: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 10:00-11:30$/),
          status: ['Active', 'Cancelled', 'Waiting'][r.state],
          queuePosition: r.queue_position,
          registeredAt: expect.any(String),
        }),
      ),
    );
    expect(res.body.matches.map((m: { status: string }) => m.status).sort()).toEqual(['Active', 'Waiting']);
    const nobody = await app.request('GET', '/api/admin/gdpr/search?email=nadie@example.com', { token: admin });
    expect(nobody.body.matches).toEqual([]);
  });
});
