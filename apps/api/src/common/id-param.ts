import { Param, ParseUUIDPipe, PipeTransform } from '@nestjs/common';
import { AppError } from './app-error';

const MAX_INT = 2_147_483_647;

/** A positive integer id from the path, within PostgreSQL's int range; anything else is a 400 naming it. */
class ParseIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_INT))
      throw AppError.field(this.name, `El identificador "${this.name}" debe ser un número entero`);
    return id;
  }
}

export function IdParam(name = 'id') {
  return Param(name, new ParseIdPipe(name));
}

/** A UUID from the path (users, roles). */
export function UuidParam(name = 'id') {
  return Param(
    name,
    new ParseUUIDPipe({ exceptionFactory: () => AppError.field(name, `El identificador "${name}" no es válido`) }),
  );
}
