import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './pg-errors';

/** Errors as the drivers raise them. */
const nodeError = (code: string, message: string) => Object.assign(new Error(message), { code, syscall: 'connect' });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const viaTypeorm = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', nodeError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', nodeError('ECONNRESET', 'read ECONNRESET')],
    ['network timeout', nodeError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.5:5432')],
    [
      'every address refused',
      new AggregateError([nodeError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'), nodeError('ECONNREFUSED', 'x')]),
    ],
    ['the server ended the connection', new Error('Connection terminated unexpectedly')],
    ['no connection in time (pg)', new Error('Connection terminated due to connection timeout')],
    ['no free connection in time (pg-pool)', new Error('timeout exceeded when trying to connect')],
    ['a client whose connection broke', new Error('Client has encountered a connection error and is not queryable')],
    ['admin shutdown (57P01)', viaTypeorm(pgError('57P01', 'terminating connection due to administrator command'))],
    [
      'crash shutdown (57P02)',
      viaTypeorm(pgError('57P02', 'terminating connection because of crash of another server process')),
    ],
    ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already')],
    ['connection failure (08006)', viaTypeorm(pgError('08006', 'connection failure'))],
    ['cannot establish (08001)', pgError('08001', 'could not connect to server')],
  ])('%s: yes', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      'a unique violation',
      viaTypeorm(pgError('23505', 'duplicate key value violates unique constraint "users_email_key"')),
    ],
    ['a missing table', viaTypeorm(pgError('42P01', 'relation "nope" does not exist'))],
    ['a cancelled statement (57014)', viaTypeorm(pgError('57014', 'canceling statement due to statement timeout'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'another service refusing (fetch)',
      new TypeError('fetch failed', { cause: nodeError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.9:443') }),
    ],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: no', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
