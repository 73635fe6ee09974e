import { PROBLEM_TITLES } from './messages';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** RFC 9457 problem details, with this API's extension members. */
export interface ProblemDetails {
  /** `urn:evreg:problem:{code in kebab case}`: one type per stable code. */
  type: string;
  title: string;
  status: number;
  /** The Spanish message (names the field when there is one). */
  detail: string;
  /** The path of the request that failed. */
  instance: string;
  code: string;
  errors?: Record<string, string[]>;
  requestId: string;
  [extension: string]: unknown;
}

/** The problem type of a stable error code: `VALIDATION_FAILED` → `urn:evreg:problem:validation-failed`. */
export function problemType(code: string): string {
  return `urn:evreg:problem:${code.toLowerCase().replace(/_/g, '-')}`;
}

export function problemTitle(status: number): string {
  return PROBLEM_TITLES[status] ?? (status >= 500 ? 'Error del servidor' : 'Petición rechazada');
}

/** The API's error body (`{ statusCode, code, message, errors?, ...extra }`, written by the exception filter)
 * as a problem, or null when the payload is not one (then it is sent unchanged). */
export function toProblem(payload: string, status: number, instance: string, requestId: string): ProblemDetails | null {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { statusCode: _statusCode, code, message, errors, ...extra } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const problem: ProblemDetails = {
    ...extra,
    type: problemType(code),
    title: problemTitle(status),
    status,
    detail: message,
    instance,
    code,
    requestId,
  };
  if (errors && typeof errors === 'object') problem.errors = errors as Record<string, string[]>;
  return problem;
}
