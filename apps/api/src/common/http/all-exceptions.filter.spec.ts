import { HttpException, Logger } from '@nestjs/common';
import { ERROR_STATUS } from '@evreg/contracts';
import { QueryFailedError } from 'typeorm';
import { JobQueueUnavailableError } from '../../queue/bullmq-job-queue';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { AppError } from './app-error';
import { SpaFallback } from './spa-fallback';

describe('AllExceptionsFilter.toBody', () => {
  const filter = new AllExceptionsFilter(new SpaFallback('/nonexistent', '/nonexistent'));

  it('answers an unknown error with a generic 500 that leaks nothing', () => {
    const body = filter.toBody(new Error('relation "users" violates constraint: SELECT password_hash FROM users'));
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Error interno del servidor. Inténtalo de nuevo más tarde.',
    });
  });

  it('answers a reference or a duplicate no service mapped with a Spanish 409, never a 500', () => {
    const violation = (code: string) =>
      new QueryFailedError('DELETE FROM x', [], Object.assign(new Error('violates'), { code, constraint: 'x_fkey' }));
    for (const code of ['23503', '23001']) {
      expect(filter.toBody(violation(code))).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: 'No se puede completar la operación: hay otros datos que dependen de este registro',
      });
    }
    expect(filter.toBody(violation('23505'))).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'No se puede completar la operación: ya existe un registro con esos datos',
    });
  });

  it('answers a job that cannot be queued (Redis away) with a 503, not a 500', () => {
    expect(filter.toBody(new JobQueueUnavailableError('sin conexión'))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
    });
  });

  it('passes a domain error through with its code, field errors and extra fields', () => {
    const error = new AppError('FULL', 'Completo', { email: ['Ya registrado'] }, { attendeeErrors: { 0: ['x'] } });
    expect(filter.toBody(error)).toEqual({
      statusCode: 409,
      code: 'FULL',
      message: 'Completo',
      errors: { email: ['Ya registrado'] },
      attendeeErrors: { 0: ['x'] },
    });
  });

  it("answers every code with the status the contracts' table gives it, whoever raised the error", () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429]) {
      const body = filter.toBody(new HttpException('x', status));
      expect([body.statusCode, ERROR_STATUS[body.code]]).toEqual([status, status]);
    }
    expect(new AppError('CANCEL_LINK_USED', 'Usado').statusCode).toBe(410);
    expect(AppError.forbidden(undefined, 'PERMISSIONS_CHANGED').statusCode).toBe(403);
  });

  it('does not let extra fields overwrite the stable ones', () => {
    const error = new AppError('VALIDATION_FAILED', 'Mensaje', undefined, {
      statusCode: 200,
      code: 'OK',
      message: 'ok',
    });
    expect(filter.toBody(error)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Mensaje' });
  });
});

describe('AllExceptionsFilter with the database away', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  /** Runs the filter as Fastify would, answering what it wrote and what it logged. */
  function handle(exception: unknown) {
    const reported: unknown[] = [];
    const filter = new AllExceptionsFilter(new SpaFallback('/nonexistent', '/nonexistent'), {
      reportUnavailable: (e) => reported.push(e),
    });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const reply = {
      sent: false,
      status: 0,
      headers: {} as Record<string, string>,
      body: undefined as unknown,
    };
    const fastifyReply = {
      sent: false,
      status(code: number) {
        reply.status = code;
        return this;
      },
      header(name: string, value: string) {
        reply.headers[name] = value;
        return this;
      },
      send(body: unknown) {
        reply.body = body;
        return this;
      },
    };
    const request = { method: 'GET', routeOptions: { url: '/api/user' } };
    const host = { switchToHttp: () => ({ getResponse: () => fastifyReply, getRequest: () => request }) };
    filter.catch(exception, host as never);
    const errors = logged.mock.calls.length;
    logged.mockRestore();
    return { reply, reported, errors };
  }

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, and reports instead of logging per request', () => {
    const { reply, reported, errors } = handle(refused);
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
    });
    expect(reported).toEqual([refused]);
    expect(errors).toBe(0);
  });

  it('still logs and answers a generic 500 for anything else', () => {
    const { reply, reported, errors } = handle(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(reply.status).toBe(500);
    expect(reply.headers['retry-after']).toBeUndefined();
    expect(reported).toEqual([]);
    expect(errors).toBe(1);
  });
});
