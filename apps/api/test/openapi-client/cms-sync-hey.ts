/* cms-sync.ts's job (a museum CMS's sync against /api/v1) on the SDK that @hey-api/openapi-ts generates from
 * /api/v1/openapi.json into `./hey` (its fetch client included): one function per operationId. Compiled with
 * `tsc --strict` and run by openapi-v1-clients.int-spec.ts like the openapi-fetch one. No casts.
 *
 * One run: keep a local mirror of events and sessions (a full copy the first time, then only what changed since
 * the last run, minus the documented 60 s overlap, and the deletions), publish the CMS's own sessions by their
 * externalId with an Idempotency-Key, read the attendees of the CMS's sessions, and print one JSON line.
 *
 * Not compiled with the project (apps/api/tsconfig.json excludes this folder). */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createClient, createConfig } from './hey/client';
import {
  listDeletions,
  listEvents,
  listRegistrations,
  listSessions,
  upsertSession,
  type Event,
  type Problem,
  type Session,
} from './hey';

/** What the CMS keeps between runs. */
interface Mirror {
  watermark: string | null;
  events: Record<string, Event>;
  sessions: Record<string, Session>;
}

const OVERLAP_MS = 60_000;

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Falta ${name}`);
  return value;
}

function loadMirror(file: string): Mirror {
  if (!existsSync(file)) return { watermark: null, events: {}, sessions: {} };
  const saved: Mirror = JSON.parse(readFileSync(file, 'utf8'));
  return saved;
}

function failure(what: string, status: number, problem: Problem | undefined): Error {
  return new Error(`${what}: ${status} ${problem?.code ?? ''} ${problem?.detail ?? ''}`);
}

async function main(): Promise<void> {
  const mirrorFile = setting('MIRROR_FILE');
  const cmsEventId = Number(setting('CMS_EVENT_ID'));
  const limit = Number(process.env.PAGE_SIZE ?? '200');
  /** The CMS's own sessions of its event: their capacities by its own ids. */
  const catalogue: Record<string, number> = JSON.parse(setting('CMS_SESSIONS'));
  // Every CMS session is on the same day, 30 days from today (docs/integrations.md, "Cliente generado").
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  // The job's check of its retry path: the first PUT's answer is dropped as a timeout would, and retried.
  const dropFirstAnswer = process.env.DROP_FIRST_PUT_ANSWER === '1';

  const client = createClient(createConfig({ baseUrl: setting('API_URL'), auth: setting('API_TOKEN') }));
  const mirror = loadMirror(mirrorFile);
  const since = mirror.watermark
    ? new Date(new Date(mirror.watermark).getTime() - OVERLAP_MS).toISOString()
    : undefined;
  let watermark = mirror.watermark;
  const seen = (updatedAt: string) => {
    if (!watermark || updatedAt > watermark) watermark = updatedAt;
  };
  let requests = 0;

  // 1. Events, a page at a time following `next`.
  const eventsSeen: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await listEvents({ client, query: { limit, cursor, updatedSince: since } });
    requests++;
    if (!page.data) throw failure('events', page.response.status, page.error);
    for (const event of page.data.data) {
      mirror.events[String(event.id)] = event;
      eventsSeen.push(event.id);
      seen(event.updatedAt);
    }
    cursor = page.data.next ?? undefined;
  } while (cursor);

  // 2. Each known event's sessions (all of them the first time, the changed ones afterwards).
  const sessionsSeen: number[] = [];
  for (const event of Object.values(mirror.events)) {
    let next: string | undefined;
    do {
      const page = await listSessions({
        client,
        path: { eventId: event.id },
        query: { limit, cursor: next, updatedSince: since },
      });
      requests++;
      if (!page.data) throw failure(`sessions of ${event.id}`, page.response.status, page.error);
      for (const session of page.data.data) {
        mirror.sessions[String(session.id)] = session;
        sessionsSeen.push(session.id);
        seen(session.updatedAt);
      }
      next = page.data.next ?? undefined;
    } while (next);
  }

  // 3. What was deleted since the last run leaves the mirror.
  const removed: string[] = [];
  if (since) {
    let next: string | undefined;
    do {
      const page = await listDeletions({ client, query: { limit, cursor: next, updatedSince: since } });
      requests++;
      if (!page.data) throw failure('deletions', page.response.status, page.error);
      for (const deletion of page.data.data) {
        const key = String(deletion.resourceId);
        if (deletion.resource === 'session' && key in mirror.sessions) {
          delete mirror.sessions[key];
          removed.push(`session:${key}`);
        }
        if (deletion.resource === 'event' && key in mirror.events) {
          delete mirror.events[key];
          removed.push(`event:${key}`);
        }
      }
      next = page.data.next ?? undefined;
    } while (next);
  }

  // 4. The CMS's sessions, by externalId. One Idempotency-Key per operation, the same on each retry of it.
  const published: { externalId: string; status: number; sessionId: number; maxAttendees: number }[] = [];
  let retry: { status: number; replayed: string | null; sessionId: number } | null = null;
  for (const [externalId, maxAttendees] of Object.entries(catalogue)) {
    const key = randomUUID();
    const put = () =>
      upsertSession({
        client,
        path: { eventId: cmsEventId, externalId },
        headers: { 'Idempotency-Key': key },
        // The documented body, written literally: the generated type must take it as it is.
        body: { startDate: day, endDate: day, startTime: '10:00', endTime: '11:30', maxAttendees },
      });
    let answer = await put();
    requests++;
    if (dropFirstAnswer && published.length === 0) {
      answer = await put();
      requests++;
      if (answer.data)
        retry = {
          status: answer.response.status,
          replayed: answer.response.headers.get('Idempotent-Replayed'),
          sessionId: answer.data.id,
        };
    }
    if (!answer.data) throw failure(`upsert ${externalId}`, answer.response.status, answer.error);
    mirror.sessions[String(answer.data.id)] = answer.data;
    published.push({
      externalId,
      status: answer.response.status,
      sessionId: answer.data.id,
      maxAttendees: answer.data.maxAttendees,
    });
  }

  // 5. Attendees of the CMS's sessions that have any: active ones, and the waiting list in order.
  const attendees: { sessionId: number; active: number; waiting: (number | null)[] }[] = [];
  for (const session of Object.values(mirror.sessions)) {
    if (session.eventId !== cmsEventId || session.registeredCount + session.waitingCount === 0) continue;
    const count = { sessionId: session.id, active: 0, waiting: new Array<number | null>() };
    for (const state of ['active', 'waiting'] as const) {
      let next: string | undefined;
      do {
        const page = await listRegistrations({
          client,
          query: { sessionId: session.id, state, limit, cursor: next },
        });
        requests++;
        if (!page.data) throw failure('registrations', page.response.status, page.error);
        for (const registration of page.data.data) {
          if (registration.state === 'active') count.active++;
          else count.waiting.push(registration.queuePosition);
        }
        next = page.data.next ?? undefined;
      } while (next);
    }
    attendees.push(count);
  }

  // 6. A page too large is refused with a problem the job can read.
  const tooLarge = await listEvents({ client, query: { limit: 201 } });
  requests++;
  const refused = {
    status: tooLarge.response.status,
    contentType: tooLarge.response.headers.get('content-type'),
    code: tooLarge.error?.code,
    detail: tooLarge.error?.detail,
    field: tooLarge.error?.errors?.limit ?? [],
  };

  writeFileSync(mirrorFile, JSON.stringify({ watermark, events: mirror.events, sessions: mirror.sessions }));
  process.stdout.write(
    `${JSON.stringify({
      mode: since ? 'incremental' : 'full',
      since: since ?? null,
      eventsSeen,
      sessionsSeen,
      removed,
      published,
      retry,
      attendees,
      refused,
      mirror: {
        events: Object.keys(mirror.events).map(Number),
        sessions: Object.keys(mirror.sessions).map(Number),
      },
      requests,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
