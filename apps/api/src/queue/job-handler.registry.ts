import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JOB_HANDLER_METADATA } from './job-handler.decorator';
import type { JobMap, JobName } from './job-map';
import { QUEUE_MODULE_OPTIONS, type ResolvedQueueModuleOptions } from './queue.constants';

interface RegisteredHandler {
  instance: Record<string, unknown>;
  methodName: string;
  /** "Class.method", for messages. */
  label: string;
}

export class NoJobHandlerError extends Error {
  constructor(readonly jobName: string) {
    super(`No @JobHandler registered for job "${jobName}"`);
    this.name = 'NoJobHandlerError';
  }
}

/**
 * Job name -> the one provider method that handles it, discovered from @JobHandler at module init.
 * Both drivers dispatch through here, so handlers never know which driver runs them.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly logger = new Logger('JobQueue');
  private readonly handlers = new Map<string, RegisteredHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(QUEUE_MODULE_OPTIONS) private readonly options: ResolvedQueueModuleOptions,
  ) {}

  onModuleInit(): void {
    const problems = this.discover();
    if (problems.length === 0) return;
    const message = `Invalid @JobHandler setup:\n  - ${problems.join('\n  - ')}`;
    // Ambiguous handlers only matter where jobs run; an API instance with workers off just warns.
    if (this.options.workersEnabled) throw new Error(message);
    this.logger.warn(message);
  }

  has(name: string): name is JobName {
    return this.handlers.has(name);
  }

  names(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** Calls the handler and propagates its rejection, so the driver can retry. */
  async dispatch<N extends JobName>(name: N, payload: JobMap[N]): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new NoJobHandlerError(name);
    const method = handler.instance[handler.methodName] as (payload: JobMap[N]) => unknown;
    await method.call(handler.instance, payload);
  }

  private discover(): string[] {
    const problems: string[] = [];
    const seen = new Set<object>();
    const labelsByName = new Map<string, string[]>();

    for (const wrapper of this.discovery.getProviders()) {
      const { instance, metatype } = wrapper;
      if (!wrapper.isDependencyTreeStatic() || wrapper.isTransient) {
        // No single instance to call from a background job.
        const prototype = (metatype as { prototype?: object } | null)?.prototype;
        if (prototype && this.handlerMethods(prototype).length > 0) {
          problems.push(
            `${wrapper.name as string} is request-scoped or transient; @JobHandler needs a singleton provider`,
          );
        }
        continue;
      }
      // useExisting aliases and re-registrations point at an instance we already scanned.
      if (!instance || typeof instance !== 'object' || seen.has(instance)) continue;
      seen.add(instance);

      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype) continue;
      for (const [methodName, name] of this.handlerMethods(prototype)) {
        const label = `${instance.constructor?.name ?? 'anonymous'}.${methodName}`;
        labelsByName.set(name, [...(labelsByName.get(name) ?? []), label]);
        if (!this.handlers.has(name)) {
          this.handlers.set(name, { instance: instance as Record<string, unknown>, methodName, label });
        }
      }
    }

    for (const [name, labels] of labelsByName) {
      if (labels.length > 1) problems.push(`job "${name}" has ${labels.length} handlers: ${labels.join(', ')}`);
    }
    return problems;
  }

  private handlerMethods(prototype: object): Array<[methodName: string, jobName: string]> {
    const found: Array<[string, string]> = [];
    for (const methodName of this.scanner.getAllMethodNames(prototype)) {
      const method = (prototype as Record<string, unknown>)[methodName];
      if (typeof method !== 'function') continue;
      const name = this.reflector.get<string | undefined>(JOB_HANDLER_METADATA, method);
      if (name) found.push([methodName, name]);
    }
    return found;
  }
}
