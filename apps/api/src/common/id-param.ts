import { Param, ParseIntPipe, ParseUUIDPipe } from '@nestjs/common';
import { AppError } from './app-error';

/** A positive integer id from the path; anything else is a 400 naming the parameter. */
export function IdParam(name = 'id') {
  return Param(
    name,
    new ParseIntPipe({ exceptionFactory: () => AppError.field(name, `El identificador "${name}" debe ser un número entero`) }),
  );
}

/** A UUID from the path (users, roles). */
export function UuidParam(name = 'id') {
  return Param(name, new ParseUUIDPipe({ exceptionFactory: () => AppError.field(name, `El identificador "${name}" no es válido`) }));
}
