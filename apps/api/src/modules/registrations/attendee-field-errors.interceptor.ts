import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { MESSAGES } from '@evreg/contracts';
import { Observable, catchError, throwError } from 'rxjs';
import { AppError } from '../../common/http/app-error';

/** The fields about a person (not the session, the token or the body's shape). */
const ATTENDEE_FIELDS = new Set([
  'firstName',
  'lastName',
  'email',
  'confirmEmail',
  'userTaxId',
  'telephoneNumber',
  'gdprConsent',
]);

/** The attendee index of a body path about a person: 'firstName' (one person) or 'registrations.1.firstName'. */
function attendeeOf(path: string): number | null {
  const bulk = /^registrations\.(\d+)\.(\w+)$/.exec(path);
  if (bulk) return ATTENDEE_FIELDS.has(bulk[2]) ? Number(bulk[1]) : null;
  return ATTENDEE_FIELDS.has(path) ? 0 : null;
}

/** A public registration's refusal by the validation pipe (a field of the wrong type, a character no column can
 * store) answered as the engine's refusals are: besides `errors` by field, `attendeeErrors` by attendee index and
 * the title, so the booking page shows each message beside the person it is about. Pipes run inside the
 * interceptors' call, so their errors pass through here. */
@Injectable()
export class AttendeeFieldErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => throwError(() => withAttendeeErrors(error))));
  }
}

export function withAttendeeErrors(error: unknown): unknown {
  if (
    !(error instanceof AppError) ||
    error.code !== 'VALIDATION_FAILED' ||
    !error.errors ||
    error.extra?.attendeeErrors
  )
    return error;
  const attendeeErrors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    const index = attendeeOf(path);
    if (index !== null) attendeeErrors[index] = [...(attendeeErrors[index] ?? []), ...messages];
  }
  if (!Object.keys(attendeeErrors).length) return error;
  return new AppError(error.code, error.message, error.errors, {
    ...error.extra,
    title: MESSAGES.booking.validationTitle,
    attendeeErrors,
  });
}
