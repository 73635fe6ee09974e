import { Writable } from 'node:stream';
import { createPino, PinoNestLogger, scrub } from './logger';

/** The log lines written into an array (one parsed object a line). */
function memoryLogger(logLevel: 'log' | 'debug' | 'error' = 'log') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, pino: createPino({ logLevel, logFormat: 'json' }, stream) };
}

describe('logger', () => {
  it('redacts personal data and secrets in logged objects, at any depth the code uses', async () => {
    const { lines, pino } = memoryLogger();
    pino.info(
      {
        email: 'ana@example.com',
        attendee: { firstName: 'Ana', lastName: 'Pérez', dni: '12345678Z', phone: '600111222' },
        req: { headers: { authorization: 'Bearer abc', cookie: 'a=b' } },
        status: 201,
      },
      'hecho',
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'hecho',
      status: 201,
      email: '[redactado]',
      attendee: { firstName: '[redactado]', lastName: '[redactado]', dni: '[redactado]', phone: '[redactado]' },
      req: { headers: { authorization: '[redactado]', cookie: '[redactado]' } },
    });
  });

  it('scrubs e-mails, tokens, DNI/NIE and phone numbers out of messages, leaving ids and counts', () => {
    expect(
      scrub(
        'ana.perez+x@correo.es X1234567L 12345678Z +34 600 111 222 Bearer eyJa.eyJb.c evr_abcdefghijklmnop sesión 42, 1234 filas',
      ),
    ).toBe('[email] [dni] [dni] [teléfono] Bearer [token] [token] sesión 42, 1234 filas');
    expect(scrub('token eyJhbGciOi.eyJzdWIiOjF9.sig')).toBe('token [jwt]');
  });

  it("writes Nest's calls with their context, an error's stack, and honours the level", async () => {
    const { lines, pino } = memoryLogger('log');
    const logger = new PinoNestLogger(pino);
    logger.log('Arrancado', 'Main');
    logger.debug('no sale', 'Main');
    logger.error('Falló el envío a ana@example.com', 'Error: x\n    at y', 'Email');
    logger.warn(new Error('raro'), 'Cola');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      { level: 'info', time: expect.any(String), context: 'Main', msg: 'Arrancado' },
      {
        level: 'error',
        time: expect.any(String),
        context: 'Email',
        stack: 'Error: x\n    at y',
        msg: 'Falló el envío a [email]',
      },
      { level: 'warn', time: expect.any(String), context: 'Cola', msg: 'Error: raro' },
    ]);
  });
});
