import { ValidationPipe } from '@nestjs/common';
import { TicketHoldDto } from '../../modules/holds/dto/hold.dto';
import {
  AttendeeDto,
  BulkRegistrationDto,
  RegistrationSearchDto,
  UpdateRegistrationDto,
} from '../../modules/registrations/dto/registration.dto';
import { acceptFlatBody } from './flat-body';
import { VALIDATION_OPTIONS } from './validation';

/** Nest's own pipe with the product's options: what the flat way must agree with. */
const nest = new ValidationPipe(VALIDATION_OPTIONS);

async function whole(metatype: new () => object, body: unknown): Promise<{ ok: object } | { refused: unknown }> {
  try {
    return { ok: (await nest.transform(JSON.parse(JSON.stringify(body)), { type: 'body', metatype })) as object };
  } catch (error) {
    return { refused: error };
  }
}

/** Every combination of a few values per field (absent, null, wrong types, edge lengths, unknown fields). */
function* bodies(fields: Record<string, unknown[]>): Generator<Record<string, unknown>> {
  const names = Object.keys(fields);
  const pick = (i: number, body: Record<string, unknown>): Generator<Record<string, unknown>> =>
    (function* () {
      if (i === names.length) return yield { ...body };
      for (const value of [undefined, ...fields[names[i]]]) {
        const next = { ...body };
        if (value !== undefined) next[names[i]] = value;
        yield* pick(i + 1, next);
      }
    })();
  yield* pick(0, {});
}

const token = 'bench-visitante-12345';

describe('acceptFlatBody', () => {
  it('takes the ordinary hold and registration as the pipe would return them', async () => {
    const hold = { eventSessionId: 7, sessionToken: token, numberOfSpots: 1, userId: null };
    const accepted = acceptFlatBody(TicketHoldDto, hold);
    expect(accepted).toBeInstanceOf(TicketHoldDto);
    expect(await whole(TicketHoldDto, hold)).toEqual({ ok: accepted });
    const attendee = {
      eventSessionId: 7,
      firstName: 'Ana',
      lastName: 'García López',
      email: 'ana@example.com',
      confirmEmail: 'ana@example.com',
      userTaxId: '12345678Z',
      gdprConsent: true,
    };
    const person = acceptFlatBody(AttendeeDto, attendee);
    expect(person).toBeInstanceOf(AttendeeDto);
    expect(person).toEqual({ ...attendee });
    expect(await whole(AttendeeDto, attendee)).toEqual({ ok: person });
  });

  it('leaves to the pipe every class it cannot read as flat rules', () => {
    expect(acceptFlatBody(BulkRegistrationDto, { registrations: [] })).toBeUndefined();
    expect(acceptFlatBody(RegistrationSearchDto, { page: 1 })).toBeUndefined();
  });

  it.each([
    [
      'TicketHoldDto',
      TicketHoldDto,
      {
        eventSessionId: [7, 0, -1, 1.5, '7', null, true],
        sessionToken: [token, '', 'short', 'x'.repeat(101), 'con espacios 1234567', 7, null],
        numberOfSpots: [1, 2, 3, '1', null],
        userId: [null, 'u', 'x'.repeat(101), 5],
        extra: [1],
      },
    ],
    [
      'AttendeeDto',
      AttendeeDto,
      {
        firstName: ['Ana', '', 'x'.repeat(201), 5, null, {}],
        email: ['ana@example.com', 'x'.repeat(255), []],
        telephoneNumber: ['600123456', null, 600123456],
        gdprConsent: [true, false, 'true', null],
        eventSessionId: [7, '7', 1.5],
        __proto__x: ['a'],
      },
    ],
    [
      'UpdateRegistrationDto',
      UpdateRegistrationDto,
      {
        firstName: ['Ana', 'Ana 2', '', 5],
        lastName: ['García', 'x'.repeat(151)],
        email: ['ana@example.com', 5],
        userTaxId: ['12345678Z'],
        telephoneNumber: [null, '600'],
      },
    ],
  ])(
    '%s: what it takes, the pipe returns equal; whatever the pipe refuses, it leaves to the pipe',
    async (_name, metatype, fields) => {
      let taken = 0;
      for (const body of bodies(fields as Record<string, unknown[]>)) {
        const fast = acceptFlatBody(metatype as new () => object, JSON.parse(JSON.stringify(body)));
        const full = await whole(metatype as new () => object, body);
        if (fast === undefined) continue;
        taken++;
        expect(full).toEqual({ ok: fast });
        expect((full as { ok: object }).ok.constructor).toBe(metatype);
        expect(Object.keys((full as { ok: object }).ok)).toEqual(Object.keys(fast));
      }
      expect(taken).toBeGreaterThan(0);
    },
  );

  it('leaves non-objects and bodies with nested values to the pipe', () => {
    for (const body of [null, [], 'texto', 5, { eventSessionId: 7, sessionToken: { a: 1 } }, Object.create(null)])
      expect(acceptFlatBody(TicketHoldDto, body)).toBeUndefined();
  });
});
