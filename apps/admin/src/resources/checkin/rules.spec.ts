import { createHash } from 'node:crypto';
import type { CheckInAnswer, OfflineList, OfflineListEntry } from '@evreg/contracts';
import { doorLinkErrors, doorLinkState, doorLinkToken } from './linkRules';
import {
  answerText,
  codeHash,
  conflictText,
  countsWithPending,
  decideOffline,
  firstSession,
  fromServer,
  markCheckedIn,
  newNonce,
  normalizeCode,
  searchList,
  searchResults,
  type PendingScan,
} from './rules';

const entry = (over: Partial<OfflineListEntry> = {}): OfflineListEntry => ({
  registrationId: 7,
  codeHash: 'h7',
  firstName: 'Lucía',
  lastName: 'Martín',
  companionOf: null,
  state: 'active',
  queuePosition: null,
  checkedInAt: null,
  checkedInDoor: null,
  checkedInBy: null,
  ...over,
});

const list = (entries: OfflineListEntry[]): OfflineList => ({
  sessionId: 3,
  eventTitle: 'Concierto',
  startDate: '2026-11-27',
  startTime: '10:00',
  endTime: '11:30',
  generatedAt: '2026-11-27T09:00:00Z',
  entries,
});

const pendingOf = (registrationId: number, door: string | null = null): PendingScan => ({
  request: { code: 'X', nonce: `n${registrationId}`, door, scannedAt: '2026-11-27T09:42:00Z' },
  registrationId,
  name: 'Lucía Martín',
});

const NOW = new Date('2026-11-27T09:45:00Z');

describe('control de acceso: decidir sin conexión con la lista descargada', () => {
  it('una entrada activa sin registrar es válida y queda pendiente de enviar', () => {
    const answer = decideOffline(entry(), [], NOW);
    expect(answer).toMatchObject({ outcome: 'valid', ok: true, pending: true, offline: true });
    expect(answerText(answer)).toEqual({
      title: 'Entrada válida',
      name: 'Lucía Martín',
      lines: ['Sin conexión: pendiente de enviar'],
    });
  });

  it('la misma persona otra vez: ya ha entrado (aquí, pendiente, o según la lista)', () => {
    const here = decideOffline(entry(), [pendingOf(7)], NOW);
    expect(here).toMatchObject({ outcome: 'alreadyCheckedIn', ok: false, pending: true });
    expect(answerText(here, 'Europe/Madrid').lines).toEqual(['Entró a las 10:42 en esta puerta']);
    const before = decideOffline(
      entry({ checkedInAt: '2026-11-27T09:30:00Z', checkedInDoor: 'Puerta norte' }),
      [],
      NOW,
    );
    expect(answerText(before, 'Europe/Madrid')).toMatchObject({
      title: 'Ya ha entrado',
      lines: ['Entró a las 10:30 por Puerta norte'],
    });
  });

  it('sin conexión, «ya ha entrado» dice quién le dio entrada, como con conexión', () => {
    const by = decideOffline(
      entry({ checkedInAt: '2026-11-27T09:30:00Z', checkedInDoor: null, checkedInBy: 'Voluntarios norte' }),
      [],
      NOW,
    );
    expect(answerText(by, 'Europe/Madrid').lines).toEqual(['Entró a las 10:30 por Voluntarios norte']);
    const both = decideOffline(
      entry({ checkedInAt: '2026-11-27T09:30:00Z', checkedInDoor: 'Puerta norte', checkedInBy: 'Ana Gil' }),
      [],
      NOW,
    );
    expect(answerText(both, 'Europe/Madrid').lines).toEqual(['Entró a las 10:30 por Puerta norte (Ana Gil)']);
    // Kept in this door's copy of the list after a check-in made here online.
    const marked = markCheckedIn(list([entry()]), 7, { at: '2026-11-27T09:30:00Z', door: null, by: 'Ana Gil' });
    expect(answerText(decideOffline(marked.entries[0], [], NOW), 'Europe/Madrid').lines).toEqual([
      'Entró a las 10:30 por Ana Gil',
    ]);
  });

  it('cancelada, en lista de espera (con su puesto) y acompañante', () => {
    expect(answerText(decideOffline(entry({ state: 'cancelled' }), [], NOW)).title).toBe('Inscripción cancelada');
    const waiting = decideOffline(entry({ state: 'waiting', queuePosition: 4 }), [], NOW);
    expect(answerText(waiting)).toMatchObject({
      title: 'En lista de espera',
      lines: ['Puesto 4 de la lista de espera'],
    });
    const companion = decideOffline(entry({ companionOf: 'Pedro Gil' }), [], NOW);
    expect(answerText(companion).lines[0]).toBe('Acompañante de Pedro Gil');
  });

  it('un código que no está en la lista: desconocido, avisando de que sin conexión no se sabe más', () => {
    const answer = decideOffline(undefined, [], NOW);
    expect(answer.ok).toBe(false);
    expect(answerText(answer)).toEqual({
      title: 'Código desconocido',
      name: null,
      lines: ['Sin conexión: no figura en la lista de esta sesión'],
    });
  });

  it('la respuesta del servidor de otra sesión dice cuál', () => {
    const text = answerText({
      ...decideOffline(undefined, [], NOW),
      outcome: 'otherSession',
      offline: false,
      otherSession: { sessionId: 9, eventTitle: 'Taller de cerámica', startDate: '2026-12-01', startTime: '18:00:00' },
    });
    expect(text).toEqual({
      title: 'Entrada de otra sesión',
      name: null,
      lines: ['Es para Taller de cerámica, 01/12/2026 a las 18:00'],
    });
  });
});

describe('control de acceso: códigos, cuentas y búsqueda', () => {
  it('el código se lee sin espacios y en mayúsculas; su hash es el de la lista (SHA-256, base64url)', async () => {
    expect(normalizeCode(' 12-abcdefghijklmnopqrstuvwxyz \n')).toBe('12-ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const expected = createHash('sha256').update('12-ABCDEFGHIJKLMNOPQRSTUVWXYZ').digest('base64url');
    expect(await codeHash('12-abcdefghijklmnopqrstuvwxyz')).toBe(expected);
  });

  it('cada lectura lleva un nonce distinto que el servidor acepta', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newNonce()).not.toBe(a);
  });

  it('presentes / inscritos suman lo pendiente de enviar; faltan los demás', () => {
    const server = { sessionId: 3, registered: 10, present: 4, expected: 6 };
    expect(countsWithPending(server, null, [pendingOf(1), pendingOf(2)])).toEqual({
      sessionId: 3,
      registered: 10,
      present: 6,
      expected: 4,
    });
    const fromList = countsWithPending(
      null,
      list([
        entry(),
        entry({ registrationId: 8, checkedInAt: NOW.toISOString() }),
        entry({ registrationId: 9, state: 'cancelled' }),
      ]),
      [pendingOf(7)],
    );
    expect(fromList).toEqual({ sessionId: 3, registered: 2, present: 2, expected: 0 });
  });

  it('marcar y desmarcar una entrada en la lista', () => {
    const marked = markCheckedIn(list([entry()]), 7, { at: NOW.toISOString(), door: 'Norte' });
    expect(marked.entries[0]).toMatchObject({ checkedInAt: NOW.toISOString(), checkedInDoor: 'Norte' });
    expect(markCheckedIn(marked, 7, null).entries[0]).toMatchObject({ checkedInAt: null, checkedInDoor: null });
  });

  it('busca por nombre sin tildes ni mayúsculas, todas las palabras', () => {
    const l = list([entry(), entry({ registrationId: 8, firstName: 'Lucas', lastName: 'Pérez' })]);
    expect(searchList(l, 'lucia').map((e) => e.registrationId)).toEqual([7]);
    expect(searchList(l, 'LUC perez').map((e) => e.registrationId)).toEqual([8]);
    expect(searchList(l, '  ')).toEqual([]);
  });

  it('un conflicto entre puertas se cuenta en español', () => {
    expect(
      conflictText(
        {
          registrationId: 7,
          nonce: 'n',
          keptCheckInId: 1,
          keptDoor: 'Puerta norte',
          keptAt: '2026-11-27T09:30:00Z',
          rejectedDoor: 'Puerta sur',
          rejectedAt: '2026-11-27T09:31:00Z',
        },
        'Lucía Martín',
        'Europe/Madrid',
      ),
    ).toBe('Lucía Martín entró dos veces: por Puerta norte a las 10:30 (se mantiene) y por Puerta sur a las 10:31');
  });

  // Instants of Madrid's 27 November 2026 (UTC+1): times in the event's zone whatever the browser's.
  const madrid = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);
  const s = (sessionId: number, startDate: string, startTime: string, endDate: string, endTime: string) => ({
    sessionId,
    startsAt: madrid(startDate, startTime).toISOString(),
    endsAt: madrid(endDate, endTime).toISOString(),
    timeZone: 'Europe/Madrid',
  });

  it('la sesión de hoy que aún no ha terminado va primero', () => {
    const sessions = [
      s(1, '2026-11-28', '10:00', '2026-11-28', '11:00'),
      s(2, '2026-11-27', '08:00', '2026-11-27', '09:00'),
      s(3, '2026-11-27', '12:00', '2026-11-27', '13:00'),
    ];
    expect(firstSession(sessions, madrid('2026-11-27', '10:00'))?.sessionId).toBe(3);
    expect(firstSession(sessions, madrid('2026-11-27', '08:30'))?.sessionId).toBe(2);
    expect(firstSession(sessions, madrid('2026-11-27', '20:00'))?.sessionId).toBe(3);
    expect(firstSession(sessions, madrid('2026-11-26', '20:00'))?.sessionId).toBe(2);
  });

  it('una sesión que acaba pasada la medianoche no cuenta como terminada: antes y después de las 00:00', () => {
    const night = s(7, '2026-11-27', '22:48', '2026-11-28', '03:00');
    const late = s(8, '2026-11-27', '23:00', '2026-11-27', '23:59');
    const tomorrow = s(9, '2026-11-28', '10:00', '2026-11-28', '12:00');
    // '03:00' as text is before '22:50': the night's session seemed over and the door opened on the 23:00 one.
    expect(firstSession([late, night, tomorrow], madrid('2026-11-27', '22:50'))?.sessionId).toBe(7);
    // Past midnight it is still on, though it started 'yesterday'.
    expect(firstSession([tomorrow, night], madrid('2026-11-28', '00:30'))?.sessionId).toBe(7);
    // Once it has ended, the day's next session.
    expect(firstSession([tomorrow, night], madrid('2026-11-28', '03:30'))?.sessionId).toBe(9);
  });

  it('«hoy» es el día del evento en su zona, no el del navegador', () => {
    // 00:30 in Madrid is 23:30 of the 26th in UTC (and earlier further west): the session of Madrid's 27th that
    // has just ended is today's last, not the one of the 26th.
    const evening = s(1, '2026-11-26', '18:00', '2026-11-26', '19:00');
    const morning = s(2, '2026-11-27', '00:00', '2026-11-27', '00:20');
    const later = s(3, '2026-11-29', '10:00', '2026-11-29', '11:00');
    expect(firstSession([evening, morning, later], madrid('2026-11-27', '00:30'))?.sessionId).toBe(2);
  });
});

describe('enlaces de puerta', () => {
  it('estado: activo, revocado o caducado', () => {
    expect(doorLinkState({ revokedAt: null, expiresAt: '2026-11-27T12:00:00Z' }, NOW)).toBe('Activo');
    expect(doorLinkState({ revokedAt: '2026-11-27T09:00:00Z', expiresAt: '2026-11-27T12:00:00Z' }, NOW)).toBe(
      'Revocado',
    );
    expect(doorLinkState({ revokedAt: null, expiresAt: '2026-11-27T09:00:00Z' }, NOW)).toBe('Caducado');
  });

  it('el nombre es obligatorio y de 60 caracteres como mucho', () => {
    expect(doorLinkErrors({ label: ' ' })).toEqual({ label: 'El nombre es obligatorio' });
    expect(doorLinkErrors({ label: 'x'.repeat(61) })).toEqual({
      label: 'El nombre no puede superar los 60 caracteres',
    });
    expect(doorLinkErrors({ label: 'Puerta norte' })).toEqual({});
  });

  it('el token sale de la dirección /admin/door/<token>', () => {
    expect(doorLinkToken('/admin/door/abc_DEF-1')).toBe('abc_DEF-1');
    expect(doorLinkToken('/admin/door/abc/')).toBe('abc');
    expect(doorLinkToken('/admin/dashboard')).toBeNull();
    expect(doorLinkToken('/admin/door/')).toBeNull();
  });
});

describe('control de acceso: la frase para el visitante en su idioma', () => {
  const server = (over: Partial<CheckInAnswer>): CheckInAnswer => ({
    outcome: 'valid',
    ok: true,
    message: 'Entrada válida',
    language: 'es',
    visitorMessage: 'Entrada válida. ¡Bienvenida/o!',
    checkInId: 1,
    person: { registrationId: 7, firstName: 'Lucía', lastName: 'Martín', companionOf: null },
    checkedInAt: '2026-11-27T09:42:00Z',
    checkedInDoor: null,
    checkedInBy: null,
    otherSession: null,
    queuePosition: null,
    replayed: false,
    counts: { sessionId: 3, registered: 1, present: 1, expected: 0 },
    ...over,
  });

  it('muestra la segunda línea solo si reservó en otro idioma que el español', () => {
    const catalan = fromServer(server({ language: 'ca', visitorMessage: 'Entrada vàlida. Benvinguts!' }));
    expect(catalan.visitor).toEqual({ language: 'ca', text: 'Entrada vàlida. Benvinguts!' });
    expect(answerText(catalan).title).toBe('Entrada válida');
    expect(fromServer(server({})).visitor).toBeNull();
    // An unknown code names no registration: its language is the request's, not the visitor's.
    const unknown = server({ outcome: 'unknown', ok: false, language: null, visitorMessage: "We don't recognise…" });
    expect(fromServer(unknown).visitor).toBeNull();
  });

  it('sin conexión no hay segunda línea: la lista descargada no lleva el idioma', () => {
    expect(decideOffline(entry(), [], NOW).visitor).toBeNull();
  });
});

describe('control de acceso: resultados de la búsqueda', () => {
  const found = (registrationId: number, checkedInAt: string | null = null) => ({
    registrationId,
    firstName: 'Íñigo',
    lastName: `García ${registrationId}`,
    checkedInAt,
  });
  it('los del servidor primero (por email o DNI también, con su hora de entrada), luego los de la lista sin repetir', () => {
    const local = [
      { ...entry({ registrationId: 1, firstName: 'Íñigo', lastName: 'García 1' }) },
      { ...entry({ registrationId: 2, firstName: 'Íñigo', lastName: 'García 2' }) },
    ];
    expect(searchResults(local, [found(2, '2026-11-27T09:00:00Z'), found(3)]).map((f) => f.registrationId)).toEqual([
      2, 3, 1,
    ]);
    expect(searchResults(local, [found(2, '2026-11-27T09:00:00Z')])[0].checkedInAt).toBe('2026-11-27T09:00:00Z');
    // 'inigo garcia' finds 'Íñigo García' in the list even when the server's name search doesn't.
    expect(searchResults(searchList(list(local), 'inigo garcia'), []).map((f) => f.registrationId)).toEqual([1, 2]);
    expect(
      searchResults(
        local,
        Array.from({ length: 12 }, (_, i) => found(10 + i)),
      ),
    ).toHaveLength(10);
  });
});
