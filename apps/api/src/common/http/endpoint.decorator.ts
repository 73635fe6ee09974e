import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import { ApiOperation, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import { ApiErrorResponseDto } from './api-error.dto';

/** An answer's description, or its description and body type (the error body when an error status gives none). */
type Answer = string | { description?: string; type?: Type<unknown> | [Type<unknown>] };

export interface EndpointOptions {
  summary: string;
  description?: string;
  /** The success answer's body type (`[Type]` for an array). */
  ok?: Type<unknown> | [Type<unknown>];
  /** The success status the route answers (and documents) when not its method's default. */
  status?: 200 | 201 | 202 | 204;
  /** The success answer's description, when the body type alone does not say it. */
  okDescription?: string;
  /** The error answers by status: a description (the body is the common error body), or a body type of its own. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 429 | 502 | 503, Answer>>;
}

/** The OpenAPI description of a route in one decorator: its summary, its success answer and its error answers
 * (which default to the common error body, `ApiErrorResponseDto`). Access is declared apart, with `@Auth` or
 * `@Public`, which add the 401/403 answers. */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  const decorators: MethodDecorator[] = [
    ApiOperation({ summary: options.summary, ...(options.description ? { description: options.description } : {}) }),
  ];
  const status = options.status ?? 200;
  if (options.status) decorators.push(HttpCode(options.status));
  if (options.ok || options.okDescription !== undefined) {
    decorators.push(
      ApiResponse(
        withoutUndefined({ status, type: options.ok, description: options.okDescription }) as ApiResponseOptions,
      ),
    );
  }
  for (const [code, answer] of Object.entries(options.errors ?? {})) {
    const { description, type } = typeof answer === 'string' ? { description: answer, type: undefined } : answer;
    decorators.push(
      ApiResponse(
        withoutUndefined({
          status: Number(code),
          type: type ?? ApiErrorResponseDto,
          description,
        }) as ApiResponseOptions,
      ),
    );
  }
  return applyDecorators(...decorators);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
