import { ERROR_STATUS, ErrorCode, ErrorCodeOfStatus, MESSAGES } from '@evreg/contracts';

/** A domain error: services throw it, the exception filter turns it into `{ statusCode, code, message, errors? }`
 * plus any `extra` fields a contract adds (e.g. a registration refusal's attendeeErrors). The status is the
 * code's, from the contracts' ERROR_STATUS table. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
    /** Response headers that go with the answer (e.g. Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }

  static validation(errors: Record<string, string[]>, message?: string): AppError {
    const first = Object.values(errors).flat()[0];
    return new AppError('VALIDATION_FAILED', message ?? first ?? MESSAGES.generic.validation, errors);
  }

  /** One field's problem, as a 400 naming the field. */
  static field(field: string, message: string): AppError {
    return AppError.validation({ [field]: [message] }, message);
  }

  static notFound(message: string = MESSAGES.generic.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static conflict(message: string, errors?: Record<string, string[]>): AppError {
    return new AppError('CONFLICT', message, errors);
  }

  static unauthorized(
    message: string = MESSAGES.auth.unauthorized,
    code: ErrorCodeOfStatus<401> = 'UNAUTHORIZED',
  ): AppError {
    return new AppError(code, message);
  }

  static forbidden(message: string = MESSAGES.auth.forbidden, code: ErrorCodeOfStatus<403> = 'FORBIDDEN'): AppError {
    return new AppError(code, message);
  }
}
