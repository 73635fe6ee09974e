/* An integrator's program, written against a client generated from the served OpenAPI document and nothing else
 * (openapi-client.int-spec.ts generates `./schema` next to it with openapi-typescript, compiles both with
 * `tsc --strict`, then runs it against the API). No casts: if the document said less than the API answers, this
 * would not compile. It prints what it saw as one JSON line; the test checks it and the database.
 *
 * Not compiled with the project (apps/api/tsconfig.json excludes this folder): `./schema` exists only in the
 * test's temporary directory. */
import createClient from 'openapi-fetch';
import type { paths } from './schema';

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Falta ${name}`);
  return value;
}

async function main(): Promise<void> {
  const baseUrl = setting('API_URL');
  const eventSessionId = Number(setting('SESSION_ID'));

  // Staff sign-in, then a new access token from the refresh token (sent once, as the bearer token).
  const api = createClient<paths>({ baseUrl });
  const login = await api.POST('/api/auth/login', {
    body: { email: setting('STAFF_EMAIL'), password: setting('STAFF_PASSWORD') },
  });
  if (!login.data) throw new Error(`login: ${login.response.status} ${login.error?.message}`);
  const refreshed = await api.POST('/api/auth/refresh', {
    headers: { Authorization: `Bearer ${login.data.refreshToken}` },
  });
  if (!refreshed.data) throw new Error(`refresh: ${refreshed.response.status} ${refreshed.error?.message}`);
  const staff = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${refreshed.data.accessToken}` } });

  // A visitor holds a seat, then registers with a phone number on that hold.
  const visitorToken = `integrador-${Date.now()}-visitante`;
  const hold = await api.POST('/api/ticketholds', {
    body: { eventSessionId, sessionToken: visitorToken, numberOfSpots: 1, userId: null },
  });
  if (!hold.data) throw new Error(`hold: ${hold.error?.code} ${hold.error?.message}`);
  const person = {
    firstName: 'Lucía',
    lastName: 'Integradora Pérez',
    email: 'lucia.integradora@example.com',
    confirmEmail: 'lucia.integradora@example.com',
    userTaxId: '12345678Z',
    telephoneNumber: '600111222',
    gdprConsent: true,
    eventSessionId,
  };
  const registered = await api.POST('/api/events/sessions/{eventSessionId}/registrations', {
    params: { path: { eventSessionId }, header: { 'X-Session-Token': visitorToken } },
    body: person,
  });
  if (!registered.data) throw new Error(`registration: ${registered.error?.code} ${registered.error?.message}`);

  // Refusals: the same person again (409), and a person whose DNI is wrong (400): messages by attendee.
  const again = await api.POST('/api/events/sessions/{eventSessionId}/registrations', {
    params: { path: { eventSessionId } },
    body: person,
  });
  const invalid = await api.POST('/api/events/sessions/{eventSessionId}/registrations', {
    params: { path: { eventSessionId } },
    body: { ...person, email: 'otra@example.com', confirmEmail: 'otra@example.com', userTaxId: '12345678A' },
  });

  // Another visitor holds two seats and lets them go.
  const leavingToken = `integrador-${Date.now()}-se-va`;
  const held = await api.POST('/api/ticketholds', {
    body: { eventSessionId, sessionToken: leavingToken, numberOfSpots: 2, userId: null },
  });
  const released = await api.POST('/api/ticketholds/expire', {
    params: { header: { 'X-Session-Token': leavingToken } },
  });
  if (!released.data) throw new Error(`release: ${released.error?.message}`);

  // Staff registrations: the reserved seat, then the confirmation request once there is none, then the queue.
  const manual = async (n: number, userTaxId: string, forceQueue: boolean) => {
    const email = `manual${n}@example.com`;
    const answer = await staff.POST('/api/events/sessions/{id}/admin-registrations', {
      params: { path: { id: eventSessionId }, query: { forceQueue } },
      body: {
        eventSessionId,
        formData: {
          firstName: 'Manual',
          lastName: `Persona ${n}`,
          email,
          confirmEmail: email,
          userTaxId,
          telephoneNumber: null,
          gdprConsent: true,
        },
      },
    });
    if (!answer.data) throw new Error(`manual ${n}: ${answer.error?.code} ${answer.error?.message}`);
    return answer.data;
  };
  const summary = (answer: Awaited<ReturnType<typeof manual>>) =>
    'requiresConfirmation' in answer
      ? { requiresConfirmation: answer.requiresConfirmation, currentQueueCount: answer.currentQueueCount }
      : { id: answer.id, queued: answer.queued, queuePosition: answer.queuePosition };
  const seated = summary(await manual(1, 'X1234567L', false));
  const confirmation = summary(await manual(2, '00000002W', false));
  const queued = summary(await manual(2, '00000002W', true));

  // Staff correct the visitor's phone number.
  const edited = await staff.PUT('/api/events/registrations/{id}', {
    params: { path: { id: registered.data.id } },
    body: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      userTaxId: person.userTaxId,
      telephoneNumber: '699888777',
    },
  });
  if (!edited.data) throw new Error(`edit: ${edited.error?.code} ${edited.error?.message}`);
  const phone: string | null = edited.data.telephoneNumber;

  process.stdout.write(
    `${JSON.stringify({
      refreshedExpiresAt: refreshed.data.accessTokenExpiresAt,
      holdExpiresAt: hold.data.expiresAt,
      registration: {
        id: registered.data.id,
        queued: registered.data.queued,
        queuePosition: registered.data.queuePosition,
      },
      duplicate: {
        status: again.response.status,
        code: again.error?.code,
        title: again.error?.title,
        attendeeErrors: again.error?.attendeeErrors,
      },
      invalid: {
        status: invalid.response.status,
        title: invalid.error?.title,
        firstPerson: invalid.error?.attendeeErrors?.['0'] ?? [],
      },
      held: held.data?.success,
      released: { success: released.data.success, message: released.data.message, released: released.data.released },
      seated,
      confirmation,
      queued,
      phone,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
