import { createSession, invariantProblems, registerOnline, TestApp } from '@evreg/testing';
import type { QueryRunner } from 'typeorm';
import { BlacklistOncePerSession1764000000431 } from '../src/database/migrations/1764000000431-BlacklistOncePerSession';

const ALREADY = 'Ya estaba en la lista negra de esta sesión';
const ALREADY_EXPIRED =
  'Ya estaba en la lista negra de esta sesión (su entrada ha caducado): edítala para cambiar la fecha de expiración';

// A person is on the blacklist at most once per session (docs/domain.md, "Blacklist"): the bulk action and the single
// entry skip or refuse someone already listed there, by the database's unique rule, so simultaneous requests can't
// double the entry, its notice e-mail or its history line. And the bulk report names everyone it touched.
describe('Blacklist: once per person and session, on the bulk and the single path', () => {
  let app: TestApp;
  let admin: string;
  let person = 8000;

  const book = async (sessionId: number, count: number) => {
    const ids = await registerOnline(app, sessionId, person, count);
    person += count;
    return ids;
  };
  const bulkBlacklist = (registrationIds: number[], token = admin) =>
    app.request('POST', '/api/bulk/registrations/blacklist', {
      token,
      body: { registrationIds, blackListReason: 0, expiresAt: '2099-12-31' },
    });
  const single = (eventId: number, sessionId: number, email: string) =>
    app.request('POST', '/api/blacklists', {
      token: admin,
      body: { eventId, eventSessionId: sessionId, email, blackListReason: 2, expiresAt: '2099-12-31' },
    });
  /** What one person's blacklisting wrote: entries of the session, notice e-mails, history lines. */
  const written = async (id: number, sessionId: number) => {
    const [row] = await app.sql(
      `SELECT (SELECT count(*)::int FROM blacklist_entries b WHERE b.event_session_id = $2 AND b.email = r.email) AS entries,
              (SELECT count(*)::int FROM email_messages m WHERE m.email_type = 'Blacklist' AND m.registration_id = r.id) AS emails,
              (SELECT count(*)::int FROM history_entries h
                WHERE h.subject_kind = 'registration' AND h.subject_id = r.id AND h.action = 'blacklisted') AS history
         FROM registrations r WHERE r.id = $1`,
      [id, sessionId],
    );
    return row;
  };
  const emailOf = async (id: number) =>
    (await app.sql(`SELECT email FROM registrations WHERE id = $1`, [id]))[0].email as string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  it("skips someone already listed for the session: 'Ya estaba en la lista negra', nothing written twice", async () => {
    const { eventId, sessionId } = await createSession(app);
    const other = await createSession(app);
    // The same person also in another session (before the blacklist would refuse it there).
    const [elsewhere] = await registerOnline(app, other.sessionId, person, 1);
    const [a, b] = await book(sessionId, 2);
    expect((await bulkBlacklist([a])).body).toMatchObject({ total: 1, done: 1, skipped: 0 });
    const again = await bulkBlacklist([a, b]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ total: 2, done: 1, skipped: 1 });
    expect(again.body.items[0]).toMatchObject({ registrationId: a, status: 'skipped', reason: ALREADY });
    expect(await written(a, sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
    expect(await written(b, sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
    // The single path obeys the same rule: a 409 naming the field, nothing written.
    const refused = await single(eventId, sessionId, await emailOf(a));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ALREADY_BLACKLISTED', errors: { email: [ALREADY] } });
    expect(await written(a, sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
    // Another session of the same person is another entry.
    expect((await bulkBlacklist([elsewhere])).body).toMatchObject({ done: 1 });
    expect(await written(elsewhere, other.sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
  });

  it('an expired entry for the session is still the entry: skipped, with how to renew it', async () => {
    const { sessionId } = await createSession(app);
    const [a] = await book(sessionId, 1);
    expect((await bulkBlacklist([a])).body).toMatchObject({ done: 1 });
    await app.sql(`UPDATE blacklist_entries SET expires_at = now() - interval '1 day' WHERE email = $1`, [
      await emailOf(a),
    ]);
    const again = await bulkBlacklist([a]);
    expect(again.body.items[0]).toMatchObject({ status: 'skipped', reason: ALREADY_EXPIRED });
    expect(await written(a, sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
  });

  it('the same bulk blacklist and single entries fired at once: one entry, one e-mail, one history line', async () => {
    const { eventId, sessionId } = await createSession(app);
    const [a, b] = await book(sessionId, 2);
    const [staffA, staffB] = await Promise.all([
      app.staffWith(['Registrations.Read', 'Blacklists.Create']),
      app.staffWith(['Registrations.Read', 'Blacklists.Create']),
    ]);
    const email = await emailOf(a);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => bulkBlacklist([a, b], [admin, staffA.token, staffB.token][i % 3])),
      ...Array.from({ length: 4 }, () => single(eventId, sessionId, email)),
    ]);
    const bulkAnswers = answers.slice(0, 12);
    const singleAnswers = answers.slice(12);
    expect(bulkAnswers.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(singleAnswers.every((res) => res.status === 201 || res.status === 409)).toBe(true);
    // Each person entered exactly once, by one of the requests; every other one was told why not.
    const doneFor = (id: number) =>
      bulkAnswers.filter((res) =>
        res.body.items.some(
          (item: { registrationId: number; status: string }) => item.registrationId === id && item.status === 'done',
        ),
      ).length;
    expect(doneFor(a) + singleAnswers.filter((res) => res.status === 201).length).toBe(1);
    expect(doneFor(b)).toBe(1);
    for (const res of bulkAnswers)
      for (const item of res.body.items) if (item.status === 'skipped') expect(item.reason).toBe(ALREADY);
    expect(await written(a, sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
    expect(await written(b, sessionId)).toEqual({ entries: 1, emails: 1, history: 1 });
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('the migration folds the repeats written before the rule: the entry expiring last stays', async () => {
    const { eventId, sessionId } = await createSession(app);
    const [a] = await book(sessionId, 1);
    const email = await emailOf(a);
    await app.sql(`DROP INDEX blacklist_entries_session_email_key`);
    const insert = async (expires: string) =>
      (
        await app.sql(
          `INSERT INTO blacklist_entries (event_id, event_session_id, email, reason, expires_at)
           VALUES ($1, $2, $3, 0, $4::timestamptz) RETURNING id`,
          [eventId, sessionId, email, expires],
        )
      )[0].id as number;
    await insert('2099-01-01T00:00:00Z');
    const kept = await insert('2099-06-01T00:00:00Z');
    await insert('2099-06-01T00:00:00Z');
    const unrelated = await insert('2099-01-01T00:00:00Z');
    await app.sql(`UPDATE blacklist_entries SET event_session_id = NULL WHERE id = $1`, [unrelated]);
    const runner = { query: (sql: string) => app.sql(sql) } as unknown as QueryRunner;
    await new BlacklistOncePerSession1764000000431().up(runner);
    const left = await app.sql(`SELECT id FROM blacklist_entries WHERE email = $1 ORDER BY id`, [email]);
    expect(left.map((row: { id: number }) => row.id)).toEqual([kept, unrelated]);
    expect((await single(eventId, sessionId, email)).status).toBe(409);
  });

  it('the report names everyone for a role that may see registrations, and nobody for one that may not', async () => {
    const { sessionId } = await createSession(app);
    const [a, b] = await book(sessionId, 2);
    const names = await app.sql(
      `SELECT id, first_name || ' ' || last_name AS name FROM registrations WHERE id = ANY($1::int[]) ORDER BY id`,
      [[a, b]],
    );
    const reader = await app.staffWith(['Registrations.Read', 'Registrations.Update']);
    const blind = await app.staffWith(['Registrations.Update']);
    const resend = (token: string) =>
      app.request('POST', '/api/bulk/registrations/resend-email', { token, body: { registrationIds: [a, b] } });
    const named = await resend(reader.token);
    expect(
      named.body.items.map((item: { registrationId: number; name: string }) => ({
        id: item.registrationId,
        name: item.name,
      })),
    ).toEqual(names);
    const unnamed = await resend(blind.token);
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.items.map((item: { name: string | null }) => item.name)).toEqual([null, null]);
  });
});
