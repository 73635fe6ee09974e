import { CHECKIN_PERMISSIONS, type AttendancePage, type CreatedDoorLink } from '@evreg/contracts';
import { attendee, createSession, dni, TestApp } from '@evreg/testing';

/** The door's search ('Buscar por nombre, email o DNI'): by name, e-mail or DNI, answering names only to those who
 * may not see e-mails or DNI (the 'Control de acceso' role and door links), and then only for the whole e-mail or
 * DNI, so a door can't learn someone's address letter by letter. */
describe('Door search by name, e-mail or DNI', () => {
  let app: TestApp;
  let admin: string;
  let sessionId: number;
  let door: string;
  let link: string;
  const ana = attendee(9101, { firstName: 'Ana', lastName: 'Soler Vidal', email: 'ana.soler@correo.example' });
  const bruno = attendee(9102, { firstName: 'Bruno', lastName: 'Pérez', email: 'bruno@otro.example' });

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    ({ sessionId } = await createSession(app, { maxAttendees: 5 }));
    for (const person of [ana, bruno]) {
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...person, confirmEmail: person.email },
      });
      if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
    }
    // The door role's own permissions (no Registrations.Read).
    door = (await app.staffWith([...CHECKIN_PERMISSIONS])).token;
    const made = await app.request<CreatedDoorLink>('POST', `/api/sessions/${sessionId}/door-links`, {
      token: admin,
      body: { label: 'Puerta norte' },
    });
    link = made.body.token;
  });
  afterAll(() => app.close());

  const asStaff = (search: string, token: string) =>
    app.request<AttendancePage>('GET', `/api/sessions/${sessionId}/attendance?search=${encodeURIComponent(search)}`, {
      token,
    });
  const asLink = (search: string) =>
    app.request<AttendancePage>('GET', `/api/door/${link}/attendance?search=${encodeURIComponent(search)}`);
  const names = (page: AttendancePage) => page.items.map((r) => `${r.firstName} ${r.lastName}`);

  it('finds a person by the whole e-mail or DNI (any case, DNI with dots or a hyphen) and answers names only', async () => {
    for (const ask of [(q: string) => asStaff(q, door), asLink]) {
      for (const query of ['ana.soler@correo.example', ' ANA.Soler@Correo.Example ', ana.userTaxId]) {
        const res = await ask(query);
        expect(res.status).toBe(200);
        expect(names(res.body)).toEqual(['Ana Soler Vidal']);
      }
      const spaced = dni(9102)
        .replace(/^(\d{2})(\d{3})(\d{3})(.)$/, '$1.$2.$3-$4')
        .toLowerCase();
      expect(names((await ask(spaced)).body)).toEqual(['Bruno Pérez']);
      // By name as before, without case or accents like every staff search of people.
      expect(names((await ask('soler v')).body)).toEqual(['Ana Soler Vidal']);
      expect(names((await ask('bruno perez')).body)).toEqual(['Bruno Pérez']);
      expect(names((await ask('PÉREZ')).body)).toEqual(['Bruno Pérez']);

      // Neither the e-mail nor the DNI comes back, whatever was searched.
      const res = await ask(ana.userTaxId);
      expect(res.body.items[0].email).toBeNull();
      expect(JSON.stringify(res.body)).not.toContain('correo.example');
      expect(JSON.stringify(res.body)).not.toContain(ana.userTaxId);
      expect(JSON.stringify((await ask('ana.soler@correo.example')).body)).not.toContain('correo.example');

      // Part of an e-mail or DNI finds nobody: the door can't probe addresses.
      for (const part of ['correo.example', 'ana.soler', '@otro', ana.userTaxId.slice(0, 6)])
        expect({ part, found: names((await ask(part)).body) }).toEqual({ part, found: [] });
    }
  });

  it('staff who may see e-mails (Registrations.Read) find by part of the e-mail or DNI, e-mail included', async () => {
    const res = await asStaff('correo.example', admin);
    expect(names(res.body)).toEqual(['Ana Soler Vidal']);
    expect(res.body.items[0].email).toBe('ana.soler@correo.example');
    expect(names((await asStaff(bruno.userTaxId.slice(3), admin)).body)).toEqual(['Bruno Pérez']);
  });

  it('a search of only symbols or spaces is refused or ignored, never a 500', async () => {
    for (const query of ['%', '_', '\\', '.-.', '   ']) expect((await asStaff(query, door)).status).toBeLessThan(500);
  });
});
