import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { HistoryActorKind } from '@evreg/contracts';
import { Observable } from 'rxjs';
import type { Principal } from '../auth/principal';

/** Who an entry names. `label` is resolved when the entry is written (a staff member's name, an API token's name);
 * without one the back office shows the kind's label. */
export interface HistoryActor {
  kind: HistoryActorKind;
  userId?: string | null;
  apiTokenId?: string | null;
  label?: string | null;
}

export const SYSTEM_ACTOR: HistoryActor = { kind: 'system' };
export const VISITOR_ACTOR: HistoryActor = { kind: 'visitor' };

const requestCaller = new AsyncLocalStorage<{ principal?: Principal }>();

/** The caller of the request in progress as an actor: the staff member or API token the auth guard accepted;
 * none outside a request or on a public route called without a token. */
export function currentActor(): HistoryActor | null {
  const principal = requestCaller.getStore()?.principal;
  if (!principal) return null;
  return principal.kind === 'apiToken'
    ? { kind: 'apiToken', userId: principal.userId, apiTokenId: principal.apiTokenId }
    : { kind: 'staff', userId: principal.userId };
}

const bulkOperation = new AsyncLocalStorage<string>();

/** Runs `work` as one bulk operation: the entries its single-person steps record for the caller share one id, so
 * the history shows them as one group (who and how many). */
export function inBulkOperation<T>(work: () => Promise<T>): Promise<T> {
  return bulkOperation.run(randomUUID(), work);
}

/** The bulk operation in progress, if any. */
export function currentBulkOperation(): string | null {
  return bulkOperation.getStore() ?? null;
}

/** Runs every route handler with its caller at hand, so the services that record history learn who acts without
 * each signature carrying it (bulk actions built on the single-person services are recorded with their caller).
 * Interceptors run after the guards, so the principal is known. */
@Injectable()
export class ActorContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    return new Observable((subscriber) => requestCaller.run({ principal }, () => next.handle().subscribe(subscriber)));
  }
}
