import { SetMetadata } from '@nestjs/common';
import type { JobMap, JobName } from './job-map';

export const JOB_HANDLER_METADATA = 'evreg:job-handler';

/**
 * Marks a method of any Nest provider as the handler of one job. JobHandlerRegistry finds it at
 * module init. The method receives the payload; it should throw on failure (the queue retries it)
 * and be idempotent (a job can run more than once: retries, a worker dying mid-job).
 *
 * The generic descriptor makes TypeScript check the parameter against JobMap[name].
 */
export function JobHandler<N extends JobName>(name: N) {
  return <T extends (payload: JobMap[N]) => unknown>(
    target: object,
    propertyKey: string | symbol,
    descriptor: TypedPropertyDescriptor<T>,
  ): void => {
    SetMetadata(JOB_HANDLER_METADATA, name)(target, propertyKey, descriptor);
  };
}
