/** Every error the API answers has this body (one exception filter writes it). `errors` maps a field (or
 * 'attendee index') to its Spanish messages. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
}

/** Every code the API answers, with the one HTTP status it goes with. A code's status is decided here and
 * nowhere else: the API's AppError takes the code and reads its status from this table. `BAD_REQUEST` is the
 * catch-all for a 4xx the framework raises without a code of ours; it keeps that status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 401,
  DOOR_LINK_INVALID: 401,
  PASSWORD_CHANGE_REQUIRED: 403,
  FORBIDDEN: 403,
  PERMISSIONS_CHANGED: 403,
  STAFF_SESSION_REQUIRED: 403,
  SYSTEM_ROLE: 403,
  CANNOT_DELETE_SELF: 403,
  BLACKLISTED: 403,
  NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  FULL: 409,
  NO_SPOTS: 409,
  DUPLICATE_REGISTRATION: 409,
  EVENT_NOT_LIVE: 409,
  REGISTRATION_CLOSED: 409,
  SESSION_STARTED: 409,
  SESSION_NOT_ENDED: 409,
  NO_SPOT_TO_PROMOTE: 409,
  ALREADY_BLACKLISTED: 409,
  EMAIL_DISABLED: 409,
  SMS_DISABLED: 409,
  CANCEL_LINK_USED: 410,
  SYNC_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SMTP_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The codes that go with one status, e.g. `ErrorCodeOfStatus<403>`. */
export type ErrorCodeOfStatus<S extends number> = {
  [K in ErrorCode]: (typeof ERROR_STATUS)[K] extends S ? K : never;
}[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_STATUS) as readonly ErrorCode[];
