import { startTracing } from './tracing';

/** Imported first by main.ts and worker.ts: tracing, when configured, must hook pg, ioredis and http before anything
 * loads them. */
startTracing(/worker(\.js)?$/.test(process.argv[1] ?? '') ? 'evreg-worker' : 'evreg-api');
