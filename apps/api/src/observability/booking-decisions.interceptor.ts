import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { type Observable, tap } from 'rxjs';
import type { RegistrationResponse, TicketHoldResponse } from '@evreg/contracts';
import { decided, refused } from './metrics';

/** Counts the public booking decisions at the controller, where the answer is known, so the booking engine's hot
 * path carries no metrics code (evreg_booking_decisions_total): a granted hold counts its seats as `held`; a
 * registration counts each person `registered` or `queued`; an error counts one `refused` under its error code
 * (`NO_SPOTS`, `BLACKLISTED`, `VALIDATION_FAILED`...). */
export class CountBookingDecisions implements NestInterceptor {
  constructor(private readonly kind: 'hold' | 'registration') {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap({
        next: (answer) => (this.kind === 'hold' ? countHold(answer) : countRegistration(answer)),
        error: (error: unknown) => refused(codeOf(error)),
      }),
    );
  }
}

function countHold(answer: unknown): void {
  const hold = answer as TicketHoldResponse | undefined;
  if (hold?.success) decided.held.inc(hold.numberOfSpots ?? 1);
}

function countRegistration(answer: unknown): void {
  const registration = answer as RegistrationResponse | undefined;
  if (!registration) return;
  if (registration.totalRegistrations) decided.registered.inc(registration.totalRegistrations);
  if (registration.totalQueued) decided.queued.inc(registration.totalQueued);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  // Nest's own exceptions (a validation pipe's 400): their status as a reason.
  const status = (error as { getStatus?: () => number } | null)?.getStatus?.();
  return status === 400 ? 'VALIDATION_FAILED' : undefined;
}
