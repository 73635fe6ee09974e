/**
 * The typed catalogue of background jobs: job name -> payload.
 *
 * Empty on purpose. Each feature adds its own jobs by declaration merging, next to the code that
 * handles them, so the queue never has to import feature code:
 *
 *   declare module '../../queue/job-map' {
 *     interface JobMap {
 *       'holds.expire': { holdId: string };
 *     }
 *   }
 *
 * Payloads must be JSON-serialisable plain data: the Redis driver stores them as JSON, and the
 * in-process driver round-trips them through JSON too so both modes behave the same (a Date
 * arrives as a string in both).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, see above
export interface JobMap {}

export type JobName = keyof JobMap;
