import { problemType, toProblem } from './problem';
import { isV1Path } from './v1-paths';

describe('toProblem', () => {
  it('maps the API error body to RFC 9457 members, keeping a contract’s extra fields', () => {
    const payload = JSON.stringify({
      statusCode: 409,
      code: 'REGISTRATION_REFUSED',
      message: 'No se puede inscribir',
      attendeeErrors: [{ index: 0 }],
    });
    expect(toProblem(payload, 409, '/api/v1/registrations', 'id-1')).toEqual({
      type: 'urn:evreg:problem:registration-refused',
      title: 'Conflicto',
      status: 409,
      detail: 'No se puede inscribir',
      instance: '/api/v1/registrations',
      code: 'REGISTRATION_REFUSED',
      requestId: 'id-1',
      attendeeErrors: [{ index: 0 }],
    });
  });

  it('leaves anything that is not an error body alone', () => {
    expect(toProblem('not json', 400, '/x', 'id')).toBeNull();
    expect(toProblem('[1]', 400, '/x', 'id')).toBeNull();
    expect(toProblem('{"message":"sin código"}', 400, '/x', 'id')).toBeNull();
  });

  it('names problem types after the stable code', () => {
    expect(problemType('TOO_MANY_REQUESTS')).toBe('urn:evreg:problem:too-many-requests');
  });
});

describe('isV1Path', () => {
  it('matches /api/v1 and below only', () => {
    expect(['/api/v1', '/api/v1/', '/api/v1?x=1', '/api/v1/events/3'].every(isV1Path)).toBe(true);
    expect(['/api/v10', '/api/v1x', '/api/events', '/v1/api', '/'].some(isV1Path)).toBe(false);
  });
});
