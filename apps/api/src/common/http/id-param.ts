import { Param, ParseUUIDPipe, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { AppError } from './app-error';

const MAX_INT = 2_147_483_647;

/** A path id as IdParam reads it: a positive integer within PostgreSQL's int range, else null (the global pipe may
 * hand it on already a number). */
export function parseId(value: unknown): number | null {
  const id = /^\d{1,10}$/.test(String(value)) ? Number(value) : NaN;
  return id >= 1 && id <= MAX_INT ? id : null;
}

/** A positive integer id from the path, within PostgreSQL's int range; anything else is a 400 naming it. */
class ParseIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    const id = parseId(value);
    if (id === null) throw AppError.field(this.name, `El identificador "${this.name}" debe ser un número entero`);
    return id;
  }
}

/** The path parameter, documented as what it is: an integer of PostgreSQL's range (the type Nest infers is number). */
export function IdParam(name = 'id'): ParameterDecorator {
  return documented(
    Param(name, new ParseIdPipe(name)),
    ApiParam({ name, schema: { type: 'integer', minimum: 1, maximum: MAX_INT } }),
  );
}

/** A UUID from the path (users, roles). */
export function UuidParam(name = 'id'): ParameterDecorator {
  return documented(
    Param(
      name,
      new ParseUUIDPipe({ exceptionFactory: () => AppError.field(name, `El identificador "${name}" no es válido`) }),
    ),
    ApiParam({ name, schema: { type: 'string', format: 'uuid' } }),
  );
}

/** A path parameter decorator that also documents the parameter on its method (a parameter decorator can't be
 * combined with a method decorator otherwise). */
function documented(param: ParameterDecorator, doc: MethodDecorator): ParameterDecorator {
  return (target, key, index) => {
    param(target, key, index);
    const descriptor = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (key !== undefined && descriptor) doc(target, key, descriptor);
  };
}
