/** One call to the API through the session (bearer token, refresh on 401), its error turned into what
 * react-admin shows. Used by the record methods and the named calls. */
import { HttpError } from 'react-admin';
import { apiFetch, errorBody } from './session';

/** The API's error as react-admin expects it: the server's Spanish message (else the screen's own text), and
 * field errors as { field: text } so forms show them under each field. */
export function translateError(error: unknown, fallback: string): never {
  if (!(error instanceof HttpError)) throw new HttpError(fallback, 0);
  const body = errorBody(error);
  const message = (error.status !== 0 && body?.message) || (error.status === 0 ? error.message : fallback);
  const fieldErrors = body?.errors
    ? Object.fromEntries(Object.entries(body.errors).map(([field, texts]) => [field, texts.join(' ')]))
    : undefined;
  throw new HttpError(
    message,
    error.status,
    fieldErrors ? { ...body, errors: { ...fieldErrors, root: { serverError: message } } } : body,
  );
}

export async function call<T>(path: string, options: RequestInit, fallback: string): Promise<T> {
  try {
    const { json } = await apiFetch(path, options);
    return json as T;
  } catch (error) {
    return translateError(error, fallback);
  }
}

export const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
