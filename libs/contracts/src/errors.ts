/** Every error the API answers has this body (one exception filter writes it). `errors` maps a field (or
 * 'attendee index') to its Spanish messages. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
}

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'PASSWORD_CHANGE_REQUIRED',
  'FORBIDDEN',
  'PERMISSIONS_CHANGED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});
